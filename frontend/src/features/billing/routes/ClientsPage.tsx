import { useSearchParams } from 'react-router-dom';
import { EditableList } from '@/components';
import { useTranslation } from '@/i18n';
import { type Client, useClientActions, useClients } from '@/lib/clients';
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
      <EditableList
        headingId="client-list"
        className="client-list"
        items={clients}
        error={error}
        initialEditing={params.get('edit') ?? undefined}
        words={{
          title: t('clients.list'),
          none: t('clients.none'),
          edit: t('clients.edit'),
          editNamed: (name) => t('clients.editNamed', { name }),
          delete: t('clients.delete'),
          deleteNamed: (name) => t('clients.deleteNamed', { name }),
          deleteTitle: t('clients.deleteTitle'),
          deleteMessage: (name) => t('clients.deleteMessage', { name }),
        }}
        name={(c) => c.name}
        details={(c) => <ClientDetails client={c} />}
        editor={(c, close) => (
          <ClientForm
            client={c}
            submitLabel={t('clients.save')}
            onSubmit={async (f) => {
              await actions.update(c._id, f);
              close();
            }}
            onCancel={close}
          />
        )}
        remove={(c) => actions.remove(c._id)}
      />
    </div>
  );
}

/** A client's name, email and tax id. */
function ClientDetails({ client: c }: { client: Client }) {
  const { t } = useTranslation();
  return (
    <>
      <strong>{c.name}</strong>
      {c.email ? <div className="muted">{c.email}</div> : null}
      {c.vatId ? <div className="muted">{t('clients.vatIdShown', { vatId: c.vatId })}</div> : null}
    </>
  );
}
