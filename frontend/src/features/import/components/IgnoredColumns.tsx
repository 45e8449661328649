import { useTranslation } from '@/i18n';

/**
 * Names the file's columns that Timeledger does not keep (the import report's `ignoredColumns`),
 * so nothing a person typed is dropped without them knowing.
 */
export function IgnoredColumns({ columns }: { columns: string[] }) {
  const { t } = useTranslation();
  if (columns.length === 0) return null;
  return (
    <p className="muted" data-testid="ignored-columns">
      {t('billing.import.ignoredColumns', { count: columns.length, columns: columns.join(', ') })}
    </p>
  );
}
