import { Button, CodeField, ConfirmDialog, FormError, PasswordField } from '@/components';
import { useTranslation } from '@/i18n';
import { useIssuedInvoiceCount } from '../api/delete-account';
import type { useAccountDeletion } from '../hooks/use-account-deletion';

/**
 * "Are you sure?!" for the account (issue 34, item 10): the password again, a code when
 * two-factor sign-in is on, and — when invoices have been issued — a warning that they may have
 * to be kept, with the export right there.
 */
export function DeleteAccountDialog({
  deletion,
  twoFactor,
  onExport,
  exporting,
}: {
  deletion: ReturnType<typeof useAccountDeletion>;
  twoFactor: boolean;
  onExport: () => void;
  exporting: boolean;
}) {
  const { t } = useTranslation();
  const issued = useIssuedInvoiceCount(deletion.open);
  const { form } = deletion;
  return (
    <ConfirmDialog
      open={deletion.open}
      title={t('settings.confirmTitle')}
      message={t('settings.confirmMessage')}
      confirmLabel={t('settings.confirmDelete')}
      cancelLabel={t('common.cancel')}
      busy={form.busy}
      onCancel={() => deletion.setOpen(false)}
      onConfirm={() => void deletion.confirm()}
    >
      {issued ? (
        <div className="notice" role="note">
          <p>{t('settings.issuedInvoicesWarning', { count: issued })}</p>
          <Button variant="secondary" onClick={onExport} disabled={exporting}>
            {t('settings.exportFirst')}
          </Button>
        </div>
      ) : null}
      <form
        className="form"
        noValidate
        aria-label={t('settings.deleteAccount')}
        onSubmit={(e) => {
          e.preventDefault();
          void deletion.confirm();
        }}
      >
        <p>{t(twoFactor ? 'settings.deleteProofWithCode' : 'settings.deleteProof')}</p>
        <FormError>{form.failure}</FormError>
        <PasswordField
          autoComplete="current-password"
          value={deletion.password}
          onChange={deletion.setPassword}
          error={form.errors.password}
        />
        {twoFactor ? (
          <CodeField value={deletion.code} onChange={deletion.setCode} error={form.errors.code} />
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
