import { createPortal } from 'react-dom';
import { Button, DecimalField, Dialog, UpgradePrompt } from '@/components';
import { useTranslation } from '@/i18n';
import type { Project } from '../api/get-projects';
import { useCreateProjectDialog } from '../hooks/use-create-project';
import { ProjectFields } from './ProjectFields';

export interface CreateProjectDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new project, or with the existing one when the name is already taken. */
  onCreated?: (project: Project) => void;
  /** Prefills the name (e.g. from the picker). */
  initialName?: string;
}

/**
 * 'Create project' — name, description, client, billable default and the optional hourly rate
 * (so a project needs no second visit to set it): on success the dialog stays open with the toast 'Your project has been
 * created.', closes after 2 s and resets. A name the user already has picks that project instead
 * of creating a twin. At the free limit the upgrade prompt shows instead.
 *
 * The project picker opens it from inside an entry form, so it is drawn at the end of the page
 * (a portal: a form inside a form is no valid HTML, and Create submitted, reloaded, the entry) and
 * its submit goes no further than its own form (React passes events on through portals).
 */
export function CreateProjectDialog(props: CreateProjectDialogProps) {
  const { t } = useTranslation();
  const dialog = useCreateProjectDialog(props);
  if (!props.open && dialog.upgrade === null) return null;
  return createPortal(
    <>
      <Dialog
        open={props.open}
        onClose={dialog.close}
        title={t('projects.create')}
        className="project-dialog"
      >
        <form
          onSubmit={(e) => {
            e.stopPropagation();
            void dialog.submit(e);
          }}
        >
          <ProjectFields value={dialog.value} onChange={dialog.setValue} />
          <DecimalField
            label={t('projects.rate')}
            hint={t('projects.rateHint')}
            placeholder={t('projects.noRate')}
            value={dialog.rate}
            onChange={dialog.setRate}
          />
          {dialog.error ? (
            <p role="alert" className="form-error">
              {dialog.error}
            </p>
          ) : null}
          <div className="dialog-toast" role="status" aria-live="polite">
            {dialog.toastShown ? <div className="toast">{t('projects.created')}</div> : null}
          </div>
          <div className="dialog-actions">
            <Button variant="secondary" onClick={dialog.close}>
              {t('common.close')}
            </Button>
            <Button type="submit" disabled={dialog.busy || dialog.created}>
              {t('projects.createButton')}
            </Button>
          </div>
        </form>
      </Dialog>
      <UpgradePrompt
        open={dialog.upgrade !== null}
        onClose={() => dialog.setUpgrade(null)}
        message={dialog.upgrade ?? ''}
      />
    </>,
    document.body,
  );
}
