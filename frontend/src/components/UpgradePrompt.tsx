import { useNavigate } from 'react-router-dom';
import { ApiError } from '../lib/api';
import { paths } from '../lib/paths';
import { Button } from './Button';
import { Dialog } from './Dialog';

export const UPGRADE_PROJECTS = 'Please upgrade to premium to add more than 3 projects';
export const UPGRADE_ITEMS = 'Please upgrade to premium to add more than 125 items';

/**
 * The upgrade message for an error from the free limits (403 FREE_PROJECT_LIMIT or
 * FREE_ITEM_LIMIT), or null when the error is something else.
 */
export function upgradeMessageFor(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'FREE_PROJECT_LIMIT') return error.message || UPGRADE_PROJECTS;
  if (error.code === 'FREE_ITEM_LIMIT') return error.message || UPGRADE_ITEMS;
  return null;
}

export interface UpgradePromptProps {
  open: boolean;
  onClose: () => void;
  /** 'projects' or 'items' pick the spec's wording; a string is shown as given. */
  limit?: 'projects' | 'items';
  message?: string;
}

/** Shown when a free user hits a limit: the message, Upgrade (to /subscribe) and OK. */
export function UpgradePrompt({ open, onClose, limit = 'projects', message }: UpgradePromptProps) {
  const navigate = useNavigate();
  const text = message ?? (limit === 'items' ? UPGRADE_ITEMS : UPGRADE_PROJECTS);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Upgrade to premium"
      actions={
        <>
          <Button
            onClick={() => {
              onClose();
              navigate(paths.subscribe);
            }}
          >
            Upgrade
          </Button>
          <Button variant="secondary" onClick={onClose}>
            OK
          </Button>
        </>
      }
    >
      <p>{text}</p>
    </Dialog>
  );
}
