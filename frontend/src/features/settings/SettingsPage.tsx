import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CsvExportButtons } from '../../components/CsvExportButtons';
import { useToast } from '../../components/Toast';
import { useAuth } from '../../lib/auth';
import { formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useTitle } from '../../lib/use-title';
import { deleteAccount } from './api/delete-account';
import { downloadUserData } from './api/export-user-data';
import {
  CURRENCIES,
  type Currency,
  NUMBER_FORMATS,
  type NumberFormat,
  type UserSettings,
  useUpdateUserSettings,
} from './api/update-user-settings';
import { AccountSettings } from './components/AccountSettings';

export const EXAMPLE_NUMBER = 12345678.9;
export const DELETION_FAILED = "Deletion failed. User's data has not been deleted";

const FORMAT_NAMES: Record<NumberFormat, string> = {
  'en-US': 'en-US (United States)',
  'de-DE': 'de-DE (Germany)',
  'en-ZA': 'en-ZA (South Africa)',
  'en-GB': 'en-GB (United Kingdom)',
};

/**
 * `/settings`: name, email, password, logging out everywhere, currency, number format, embedding,
 * powered-by, dark mode, export, deletion.
 */
export function SettingsPage() {
  useTitle('Settings');
  const { user, darkMode, setDarkMode } = useAuth();
  const save = useUpdateUserSettings();
  const toast = useToast();
  const navigate = useNavigate();
  const ids = { currency: useId(), format: useId(), embed: useId(), powered: useId(), dark: useId() };
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const [exportError, setExportError] = useState<string>();
  const [exporting, setExporting] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();

  if (!user) return null;

  async function change(settings: UserSettings) {
    setSaving(true);
    setSaveError(undefined);
    try {
      await save(settings);
      toast.show('Your settings have been saved.');
    } catch (err) {
      // Shown, not only logged: the person would otherwise believe the change was kept.
      setSaveError(`Your settings could not be saved: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setSaving(false);
    }
  }

  async function onExport() {
    if (!user) return;
    setExporting(true);
    setExportError(undefined);
    try {
      await downloadUserData(user.name);
    } catch (err) {
      setExportError(`The export failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setExporting(false);
    }
  }

  async function onDelete() {
    setDeleting(true);
    setDeleteError(undefined);
    try {
      await deleteAccount();
      setConfirmOpen(false);
      // The goodbye page ends the session; logging out here first would let the signed-in gate
      // bounce to the start page and remember /settings for the next login.
      navigate(paths.loggedOut, { replace: true });
    } catch {
      setConfirmOpen(false);
      setDeleteError(DELETION_FAILED);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="settings">
      <h1>Settings</h1>
      {saveError ? (
        <p className="form-error" role="alert">
          {saveError}
        </p>
      ) : null}

      <AccountSettings />

      <section className="card settings-section" aria-labelledby="settings-numbers">
        <h2 id="settings-numbers">Currency and numbers</h2>
        <div className="form">
          <div className="field">
            <label htmlFor={ids.currency}>Currency</label>
            <select
              id={ids.currency}
              value={user.currency}
              disabled={saving}
              onChange={(e) => change({ currency: e.target.value as Currency })}
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.format}>Number format</label>
            <select
              id={ids.format}
              value={user.numberFormat}
              disabled={saving}
              aria-describedby={`${ids.format}-example`}
              onChange={(e) => change({ numberFormat: e.target.value as NumberFormat })}
            >
              {NUMBER_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_NAMES[f]}
                </option>
              ))}
            </select>
            <p id={`${ids.format}-example`} className="muted">
              Example: <span className="example-number">{formatNumber(EXAMPLE_NUMBER, user)}</span>
            </p>
          </div>
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="settings-embedding">
        <h2 id="settings-embedding">Embedding</h2>
        <div className="switch-row">
          <label htmlFor={ids.embed}>
            Enable embedding
            <span className="hint">Lets you show charts of a project on other websites.</span>
          </label>
          <input
            id={ids.embed}
            type="checkbox"
            checked={user.enableEmbedding}
            disabled={saving}
            onChange={(e) => change({ enableEmbedding: e.target.checked })}
          />
        </div>
        <div className="switch-row">
          <label htmlFor={ids.powered}>
            Show powered by
            <span className="hint">
              {user.premium ? (
                'Shows “Powered by Timeledger” under embedded charts.'
              ) : (
                <>
                  Only premium users can hide the powered-by text. <Link to={paths.subscribe}>Upgrade</Link>
                </>
              )}
            </span>
          </label>
          <input
            id={ids.powered}
            type="checkbox"
            checked={user.showPoweredBy}
            disabled={!user.premium || saving}
            onChange={(e) => change({ showPoweredBy: e.target.checked })}
          />
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="settings-look">
        <h2 id="settings-look">Appearance</h2>
        <div className="switch-row">
          <label htmlFor={ids.dark}>Dark mode</label>
          <input
            id={ids.dark}
            type="checkbox"
            checked={darkMode}
            onChange={(e) => setDarkMode(e.target.checked)}
          />
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="settings-data">
        <h2 id="settings-data">Your data</h2>
        <p className="muted">Download everything you have stored as a JSON file.</p>
        {exportError ? (
          <p className="form-error" role="alert">
            {exportError}
          </p>
        ) : null}
        <div className="form-actions">
          <Button variant="secondary" onClick={onExport} disabled={exporting}>
            Export my data
          </Button>
        </div>
        <p className="muted">Or as spreadsheets (CSV): every time entry, every income and expense.</p>
        <CsvExportButtons label="CSV export of everything" />
        <h3>Import</h3>
        <p className="muted">
          Bring your history from Toggl Track, Clockify or Harvest, or a Timeledger CSV export:{' '}
          <Link to={paths.importData}>import a CSV file</Link>.
        </p>
        <h3>Delete account</h3>
        <p className="muted">Deletes your account with all projects, time entries, income and expenses.</p>
        {deleteError ? (
          <p className="form-error" role="alert">
            {deleteError}
          </p>
        ) : null}
        <div className="form-actions">
          <Button variant="danger" onClick={() => setConfirmOpen(true)}>
            Delete account
          </Button>
        </div>
      </section>

      <ConfirmDialog
        open={confirmOpen}
        title="Are you sure?!"
        message="Your account and all its data will be deleted. The data is gone forever and cannot be restored."
        confirmLabel="Delete!"
        cancelLabel="Cancel"
        busy={deleting}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={onDelete}
      />
    </div>
  );
}
