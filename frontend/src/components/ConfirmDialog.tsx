import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Defaults to the product's delete confirmation ("Are you sure…"). */
  title?: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Disables the confirm button while the action runs. */
  busy?: boolean;
  children?: ReactNode;
}

/**
 * 'Confirm! Are you sure you want to delete this?' with Cancel and Okay, or any other wording
 * (account deletion: 'Are you sure?!' with Cancel and Delete!).
 */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const isDefault = title === undefined && message === undefined;
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={isDefault ? t('confirm.title') : title}
      className="confirm-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel ?? t('confirm.okay')}
          </Button>
        </>
      }
    >
      {isDefault ? <p>{t('confirm.message')}</p> : message !== undefined ? <p>{message}</p> : null}
      {children}
    </Dialog>
  );
}
