import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, ConfirmDialog, Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { type Client, useClientActions, useClients } from '@/lib/clients';
import { errorMessage } from '@/lib/error-text';
import { useTitle } from '@/lib/use-title';
import { ClientForm } from '../components/ClientForm';

/**
 * `/clients`: whom the person bills — add one, edit or delete each. Deleting a client keeps its
 * projects (without a client). `?edit=<id>` opens that client's form, as the links of an invoice
 * that cannot be sent yet do (with `missing=` and the field's hash, issue 36).
 */
export function ClientsPage() {
  const { t } = useTranslation();
  useTitle(t('clients.title'));
  const { data: clients, error } = useClients();
  const actions = useClientActions();
  // A link from an invoice that lacks a value opens that client's form (`?edit=<id>&missing=…`).
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<string | undefined>(params.get('edit') ?? undefined);
  const [deleting, setDeleting] = useState<Client>();
  const [deleteError, setDeleteError] = useState<string>();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await actions.remove(deleting._id);
      setDeleting(undefined);
    } catch (err) {
      setDeleteError(errorMessage(err));
      setDeleting(undefined);
    }
  };

  return (
    <div className="page clients-page">
      <h1>{t('clients.title')}</h1>
      <p className="muted">{t('clients.intro')}</p>
      <section className="card" aria-labelledby="new-client">
        <h2 id="new-client">{t('clients.add')}</h2>
        <ClientForm
          submitLabel={t('clients.addButton')}
          onSubmit={async (f) => void (await actions.create(f))}
        />
      </section>
      <section className="card" aria-labelledby="client-list">
        <h2 id="client-list">{t('clients.list')}</h2>
        {error ? <p role="alert">{errorMessage(error)}</p> : null}
        {deleteError ? <p role="alert">{deleteError}</p> : null}
        {!clients && !error ? <Spinner /> : null}
        {clients?.length === 0 ? <p>{t('clients.none')}</p> : null}
        <ul className="client-list">
          {clients?.map((c) => (
            <li key={c._id}>
              {editing === c._id ? (
                <ClientForm
                  client={c}
                  submitLabel={t('clients.save')}
                  onSubmit={async (f) => {
                    await actions.update(c._id, f);
                    setEditing(undefined);
                  }}
                  onCancel={() => setEditing(undefined)}
                />
              ) : (
                <ClientRow client={c} onEdit={() => setEditing(c._id)} onDelete={() => setDeleting(c)} />
              )}
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={deleting !== undefined}
        onCancel={() => setDeleting(undefined)}
        onConfirm={confirmDelete}
        title={t('clients.deleteTitle')}
        message={t('clients.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('clients.delete')}
      />
    </div>
  );
}

/** A client's name, email and tax id, with its edit and delete buttons. */
function ClientRow({
  client: c,
  onEdit,
  onDelete,
}: {
  client: Client;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="client-row">
      <div>
        <strong>{c.name}</strong>
        {c.email ? <div className="muted">{c.email}</div> : null}
        {c.vatId ? <div className="muted">{t('clients.vatIdShown', { vatId: c.vatId })}</div> : null}
      </div>
      <div className="row-actions">
        <Button variant="secondary" onClick={onEdit} aria-label={t('clients.editNamed', { name: c.name })}>
          {t('clients.edit')}
        </Button>
        <Button variant="danger" onClick={onDelete} aria-label={t('clients.deleteNamed', { name: c.name })}>
          {t('clients.delete')}
        </Button>
      </div>
    </div>
  );
}
