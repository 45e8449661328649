import { useTranslation } from '@/i18n';
import type { FinanceActivity } from '../api/entries';
import type { useReceiptUploads } from '../hooks/use-receipt-uploads';
import { ChosenReceipts, ReceiptChooser } from './ReceiptChooser';
import { ReceiptLinks } from './ReceiptLinks';

/**
 * The receipts part of the income and expense form. A saved entry lists its receipts (open,
 * remove) and uploads a file as soon as it is picked; a new one keeps the picked files until its
 * save uploads them.
 */
export function FinanceReceipts({
  activity,
  uploads,
}: {
  activity: FinanceActivity | undefined;
  uploads: ReturnType<typeof useReceiptUploads>;
}) {
  const { t } = useTranslation();
  const picked = (files: File[]) => {
    const good = uploads.pick(files);
    if (activity && good.length > 0) void uploads.uploadAll(activity.projectId, activity._id, good);
  };
  return (
    <fieldset className="receipts-field">
      <legend>{t('receipts.title')}</legend>
      {activity ? (
        <ReceiptLinks receipts={activity.receipts} projectId={activity.projectId} removable />
      ) : (
        <ChosenReceipts files={uploads.files} onRemove={uploads.remove} />
      )}
      <ReceiptChooser busy={uploads.busy} onFiles={picked} />
      {uploads.busy ? (
        <p className="muted" role="status">
          {t('receipts.uploading', { name: uploads.files.map((f) => f.name).join(', ') })}
        </p>
      ) : null}
      {uploads.problem ? (
        <p role="alert" className="form-error">
          {uploads.problem}
        </p>
      ) : null}
    </fieldset>
  );
}
