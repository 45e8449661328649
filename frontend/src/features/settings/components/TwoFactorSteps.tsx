import { type ReactNode, useState } from 'react';
import { Button, CodeField, Field, FormError, PasswordField, SubmitRow, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import type { TwoFactorState } from '../hooks/use-two-factor';
import { QrCode } from './QrCode';

/** The steps of turning two-factor sign-in on and off, each a small form of the card. */

/** A step's form: its words and fields, then the step's button beside Cancel. */
function StepForm({
  state,
  label,
  submitLabel,
  onSubmit,
  children,
}: {
  state: TwoFactorState;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  onSubmit: () => unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="form"
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        return onSubmit();
      }}
    >
      {children}
      <SubmitRow label={submitLabel} disabled={state.form.busy}>
        <Button variant="secondary" onClick={state.cancel}>
          {t('twoFactor.cancel')}
        </Button>
      </SubmitRow>
    </form>
  );
}

/** The account's password, asked again to turn two-factor sign-in on or off. */
function CurrentPassword({
  state,
  value,
  onChange,
}: {
  state: TwoFactorState;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <PasswordField
      autoComplete="current-password"
      value={value}
      onChange={onChange}
      error={state.form.errors.password}
    />
  );
}

/** Step 1 of turning it on: the password again. */
export function PasswordStep({ state }: { state: TwoFactorState }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  return (
    <StepForm
      state={state}
      label={t('twoFactor.turnOn')}
      submitLabel={t('twoFactor.continue')}
      onSubmit={() => state.sendPassword(password)}
    >
      <p>{t('twoFactor.passwordPrompt')}</p>
      <FormError>{state.form.failure}</FormError>
      <CurrentPassword state={state} value={password} onChange={setPassword} />
    </StepForm>
  );
}

/** Step 2: scan the secret (or type it in), then prove it with a code. */
export function ScanStep({
  state,
  secret,
  otpauthUrl,
}: {
  state: TwoFactorState;
  secret: string;
  otpauthUrl: string;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { errors, failure } = state.form;
  return (
    <StepForm
      state={state}
      label={t('twoFactor.confirmTitle')}
      submitLabel={t('twoFactor.confirm')}
      onSubmit={() => state.confirm(code)}
    >
      <p>{t('twoFactor.scan')}</p>
      <QrCode text={otpauthUrl} label={t('twoFactor.qrAlt')} />
      <p>{t('twoFactor.manual')}</p>
      <Field label={t('twoFactor.secretLabel')}>
        <input
          className="two-factor-secret"
          readOnly
          value={secret.replace(/(.{4})/g, '$1 ').trim()}
          onFocus={(e) => e.target.select()}
        />
      </Field>
      <p>{t('twoFactor.confirmPrompt')}</p>
      <FormError>{failure}</FormError>
      <CodeField value={code} onChange={setCode} error={errors.code} hint={t('twoFactor.appCodeHint')} />
    </StepForm>
  );
}

/** Step 3: the recovery codes, shown this once. */
export function CodesStep({ state, codes }: { state: TwoFactorState; codes: string[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.show(t('twoFactor.codesCopied'));
    } catch {
      // No clipboard (permission refused): the codes stay on screen to be written down.
    }
  }
  return (
    <div>
      <h3>{t('twoFactor.codesTitle')}</h3>
      <p>{t('twoFactor.codesText')}</p>
      <ul className="recovery-codes" aria-label={t('twoFactor.codesTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <Button variant="secondary" onClick={copy}>
          {t('twoFactor.copyCodes')}
        </Button>
        <Button onClick={state.finish}>{t('twoFactor.codesDone')}</Button>
      </div>
    </div>
  );
}

/** Turning it off: the password and a code (or a recovery code). */
export function DisableStep({ state }: { state: TwoFactorState }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  return (
    <StepForm
      state={state}
      label={t('twoFactor.turnOff')}
      submitLabel={t('twoFactor.turnOff')}
      onSubmit={() => state.disable(password, code)}
    >
      <p>{t('twoFactor.offPrompt')}</p>
      <FormError>{state.form.failure}</FormError>
      <CurrentPassword state={state} value={password} onChange={setPassword} />
      <CodeField value={code} onChange={setCode} error={state.form.errors.code} />
    </StepForm>
  );
}
