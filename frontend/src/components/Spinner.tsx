import { useTranslation } from '../i18n';
/** A loading indicator announced to screen readers. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <span className="spinner" role="status" aria-live="polite">
      <span className="spinner-wheel" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </span>
  );
}
