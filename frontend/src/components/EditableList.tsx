import { type ReactNode, useState } from 'react';
import { errorMessage } from '../lib/error-text';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { Spinner } from './Spinner';

/**
 * The words of an edit-in-place list, in the app's language (each page passes its own catalogue
 * keys, written out so the catalogue check finds them). `name` is what a row is called by: the
 * buttons' accessible names and the confirmation's message say it.
 */
export interface EditableListWords {
  /** The list's heading. */
  title: string;
  /** What the list says when it is empty. */
  none: string;
  edit: string;
  editNamed: (name: string) => string;
  delete: string;
  deleteNamed: (name: string) => string;
  deleteTitle: string;
  deleteMessage: (name: string) => string;
}

export interface EditableListProps<T extends { _id: string }> {
  /** The `id` of the list's heading, which labels its section. */
  headingId: string;
  /** The list's class (its rows are `client-row`s). */
  className: string;
  /** Undefined while loading. */
  items: T[] | undefined;
  /** Why the list could not be loaded. */
  error: unknown;
  words: EditableListWords;
  name: (item: T) => string;
  /** What a row shows beside its edit and delete buttons. */
  details: (item: T) => ReactNode;
  /** The row's form while it is edited (`close` ends editing); null shows the row as it is. */
  editor: (item: T, close: () => void) => ReactNode;
  /** Deletes a row (after the person confirmed); a failure is shown above the list. */
  remove: (item: T) => Promise<unknown>;
  /** The row whose form is open at first (a link's `?edit=<id>`). */
  initialEditing?: string;
}

/**
 * A card listing items, each with Edit (its form in place of the row) and Delete (after a
 * confirmation): the clients and the recurring expenses.
 */
export function EditableList<T extends { _id: string }>(props: EditableListProps<T>) {
  const { items, error, words, name } = props;
  const [editing, setEditing] = useState<string | undefined>(props.initialEditing);
  const [deleting, setDeleting] = useState<T>();
  const [deleteError, setDeleteError] = useState<string>();
  const close = () => setEditing(undefined);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await props.remove(deleting);
    } catch (err) {
      setDeleteError(errorMessage(err));
    }
    setDeleting(undefined);
  };

  return (
    <>
      <section className="card" aria-labelledby={props.headingId}>
        <h2 id={props.headingId}>{words.title}</h2>
        {error ? <p role="alert">{errorMessage(error)}</p> : null}
        {deleteError ? <p role="alert">{deleteError}</p> : null}
        {!items && !error ? <Spinner /> : null}
        {items?.length === 0 ? <p>{words.none}</p> : null}
        <ul className={props.className}>
          {items?.map((item) => (
            <li key={item._id}>
              {(editing === item._id ? props.editor(item, close) : null) ?? (
                <div className="client-row">
                  <div>{props.details(item)}</div>
                  <div className="row-actions">
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(item._id)}
                      aria-label={words.editNamed(name(item))}
                    >
                      {words.edit}
                    </Button>
                    <Button
                      variant="danger"
                      onClick={() => setDeleting(item)}
                      aria-label={words.deleteNamed(name(item))}
                    >
                      {words.delete}
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={deleting !== undefined}
        onCancel={() => setDeleting(undefined)}
        onConfirm={confirmDelete}
        title={words.deleteTitle}
        message={words.deleteMessage(deleting ? name(deleting) : '')}
        confirmLabel={words.delete}
      />
    </>
  );
}
