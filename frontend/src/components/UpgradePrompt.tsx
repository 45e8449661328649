import { useNavigate } from 'react-router-dom';
import { getT, useTranslation } from '../i18n';
import { ApiError } from '../lib/api';
import { errorMessage } from '../lib/error-text';
import { paths } from '../lib/paths';
import { Button } from './Button';
import { Dialog } from './Dialog';

/**
 * The upgrade message for an error from the free limits (403 FREE_PROJECT_LIMIT or
 * FREE_ITEM_LIMIT), or null when the error is something else. The limit is configuration: it
 * comes with the error (`values.limit`).
 */
export function upgradeMessageFor(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const t = getT();
  const limit = error.errors[0]?.values?.limit;
  if (error.code === 'FREE_PROJECT_LIMIT')
    return limit ? t('upgrade.projects', { limit }) : errorMessage(error);
  if (error.code === 'FREE_ITEM_LIMIT') return limit ? t('upgrade.items', { limit }) : errorMessage(error);
  return null;
}

export interface UpgradePromptProps {
  open: boolean;
  onClose: () => void;
  /** What the server said, from `upgradeMessageFor`. */
  message: string;
}

/** Shown when a free user hits a limit: the message, Upgrade (to /subscribe) and OK. */
export function UpgradePrompt({ open, onClose, message }: UpgradePromptProps) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('upgrade.title')}
      actions={
        <>
          <Button
            onClick={() => {
              onClose();
              navigate(paths.subscribe);
            }}
          >
            {t('shell.upgrade')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('common.ok')}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
