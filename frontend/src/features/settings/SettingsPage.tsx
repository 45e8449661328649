import type { TFunction } from 'i18next';
import { type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, ConfirmDialog, Field, FormError, useToast } from '@/components';
import { CsvExportButtons } from '@/components/CsvExportButtons';
import { changeLanguage, getT, LANGUAGES, type Language, rich, useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { useAuth } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useTheme } from '@/lib/theme';
import { useTitle } from '@/lib/use-title';
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
const formatNames = (t: TFunction): Record<NumberFormat, string> => ({
  'en-US': t('settings.formats.enUS'),
  'de-DE': t('settings.formats.deDE'),
  'en-ZA': t('settings.formats.enZA'),
  'en-GB': t('settings.formats.enGB'),
});

/** Each language named in itself, so a person who cannot read the current one still finds theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/**
 * `/settings`: name, email, password, logging out everywhere, currency, number format, embedding,
 * powered-by, dark mode, export, deletion.
 */
export function SettingsPage() {
  const { t, language } = useTranslation();
  useTitle(t('shell.settings'));
  const { user } = useAuth();
  const { darkMode, setDarkMode } = useTheme();
  const save = useUpdateUserSettings();
  const toast = useToast();
  const navigate = useNavigate();
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
      // The confirmation speaks the language just chosen.
      if (settings.language) await changeLanguage(settings.language);
      toast.show(getT()('settings.saved'));
    } catch (err) {
      // Shown, not only logged: the person would otherwise believe the change was kept.
      setSaveError(t('settings.saveFailed', { reason: errorMessage(err) }));
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
      setExportError(t('settings.exportFailed', { reason: errorMessage(err) }));
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
      setDeleteError(t('settings.deletionFailed'));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="settings">
      <h1>{t('shell.settings')}</h1>
      <FormError>{saveError}</FormError>

      <AccountSettings />

      <section className="card settings-section" aria-labelledby="settings-language">
        <h2 id="settings-language">{t('settings.languageTitle')}</h2>
        <div className="form">
          <Field label={t('settings.language')}>
            <select
              lang={language}
              value={user.language ?? language}
              disabled={saving}
              onChange={(e) => change({ language: e.target.value as Language })}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="settings-numbers">
        <h2 id="settings-numbers">{t('settings.numbersTitle')}</h2>
        <div className="form">
          <Field label={t('settings.currency')}>
            <select
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
          </Field>
          <Field
            label={t('settings.numberFormat')}
            hint={rich(t('settings.example', { number: formatNumber(EXAMPLE_NUMBER, user) }), {
              n: (text) => <span className="example-number">{text}</span>,
            })}
          >
            <select
              value={user.numberFormat}
              disabled={saving}
              onChange={(e) => change({ numberFormat: e.target.value as NumberFormat })}
            >
              {NUMBER_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {formatNames(t)[f]}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="settings-embedding">
        <h2 id="settings-embedding">{t('settings.embeddingTitle')}</h2>
        <Switch
          label={t('settings.enableEmbedding')}
          hint={t('settings.enableEmbeddingHint')}
          checked={user.enableEmbedding}
          disabled={saving}
          onChange={(on) => change({ enableEmbedding: on })}
        />
        <Switch
          label={t('settings.showPoweredBy')}
          hint={
            user.premium
              ? t('settings.poweredByHint')
              : rich(t('settings.poweredByPremium'), {
                  upgrade: (text) => <Link to={paths.subscribe}>{text}</Link>,
                })
          }
          checked={user.showPoweredBy}
          disabled={!user.premium || saving}
          onChange={(on) => change({ showPoweredBy: on })}
        />
      </section>

      <section className="card settings-section" aria-labelledby="settings-look">
        <h2 id="settings-look">{t('settings.appearance')}</h2>
        <Switch label={t('settings.darkMode')} checked={darkMode} onChange={setDarkMode} />
      </section>

      <section className="card settings-section" aria-labelledby="settings-data">
        <h2 id="settings-data">{t('settings.dataTitle')}</h2>
        <p className="muted">{t('settings.exportHint')}</p>
        <FormError>{exportError}</FormError>
        <div className="form-actions">
          <Button variant="secondary" onClick={onExport} disabled={exporting}>
            {t('settings.export')}
          </Button>
        </div>
        <p className="muted">{t('csv.settingsHint')}</p>
        <CsvExportButtons label={t('csv.settingsLabel')} />
        <h3>{t('importPage.settingsTitle')}</h3>
        <p className="muted">
          {rich(t('importPage.settingsHint'), { link: (text) => <Link to={paths.importData}>{text}</Link> })}
        </p>
        <h3>{t('settings.deleteAccount')}</h3>
        <p className="muted">{t('settings.deleteHint')}</p>
        <FormError>{deleteError}</FormError>
        <div className="form-actions">
          <Button variant="danger" onClick={() => setConfirmOpen(true)}>
            {t('settings.deleteAccount')}
          </Button>
        </div>
      </section>

      <ConfirmDialog
        open={confirmOpen}
        title={t('settings.confirmTitle')}
        message={t('settings.confirmMessage')}
        confirmLabel={t('settings.confirmDelete')}
        cancelLabel={t('common.cancel')}
        busy={deleting}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={onDelete}
      />
    </div>
  );
}

interface SwitchProps {
  label: string;
  /** Part of the label, on its own line under it. */
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** A setting that is on or off: its words on the left, the checkbox on the right. */
function Switch({ label, hint, checked, disabled, onChange }: SwitchProps) {
  const id = useId();
  return (
    <div className="switch-row">
      <label htmlFor={id}>
        {label}
        {hint ? <span className="hint">{hint}</span> : null}
      </label>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  );
}
