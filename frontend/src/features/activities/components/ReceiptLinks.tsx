import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { ConfirmDialog } from '@/components';
import { hidden, rich, useTranslation } from '@/i18n';
import { deleteReceipt, openReceipt, type Receipt } from '../api/receipts';
import { revalidateAfterEntryWrite } from '../api/revalidate';
import { iconOf } from './ReceiptChooser';

/**
 * The receipts of a saved income or expense: icon and name, each opening in a new tab; with
 * `removable`, a Remove button each, after a confirmation.
 */
export function ReceiptLinks({
  receipts,
  projectId,
  removable = false,
}: {
  /** Absent on answers of servers before release 4: none. */
  receipts: Receipt[] | undefined;
  projectId: string;
  removable?: boolean;
}) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<Receipt | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!receipts || receipts.length === 0) return null;

  const open = (receipt: Receipt) => {
    setError(null);
    openReceipt(receipt._id).catch(() => setError(t('receipts.openFailed')));
  };
  const remove = async () => {
    const target = pending;
    setPending(null);
    if (!target) return;
    try {
      await deleteReceipt(target._id);
      await revalidateAfterEntryWrite(mutate, 'deleteReceipt', [projectId]);
    } catch {
      setError(t('receipts.removeFailed'));
    }
  };

  return (
    <div className="receipts">
      <ul className="receipt-list" aria-label={t('receipts.title')}>
        {receipts.map((r) => (
          <li key={r._id} className="receipt-item">
            <button type="button" className="btn btn-ghost receipt-open" onClick={() => open(r)}>
              <span aria-hidden="true">{iconOf(r.contentType)} </span>
              <span className="receipt-name">
                {rich(t('receipts.open', { name: r.filename }), { h: hidden })}
              </span>
            </button>
            {removable ? (
              <button type="button" className="btn btn-ghost" onClick={() => setPending(r)}>
                {rich(t('receipts.remove', { name: r.filename }), { h: hidden })}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        message={pending ? t('receipts.confirmRemove', { name: pending.filename }) : undefined}
        onCancel={() => setPending(null)}
        onConfirm={remove}
      />
    </div>
  );
}
