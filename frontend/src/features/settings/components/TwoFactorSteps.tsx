import { type FormEvent, useState } from 'react';
import { Button, CodeField, Field, FormError, PasswordField, SubmitRow, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import type { TwoFactorState } from '../hooks/use-two-factor';
import { QrCode } from './QrCode';

/** The steps of turning two-factor sign-in on and off, each a small form of the card. */

const prevent = (e: FormEvent) => {
  e.preventDefault();
};

/** Step 1 of turning it on: the password again. */
export function PasswordStep({ state }: { state: TwoFactorState }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const { errors, failure, busy } = state.form;
  return (
    <form
      className="form"
      noValidate
      aria-label={t('twoFactor.turnOn')}
      onSubmit={(e) => {
        prevent(e);
        return state.sendPassword(password);
      }}
    >
      <p>{t('twoFactor.passwordPrompt')}</p>
      <FormError>{failure}</FormError>
      <PasswordField
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <SubmitRow label={t('twoFactor.continue')} disabled={busy}>
        <Button variant="secondary" onClick={state.cancel}>
          {t('twoFactor.cancel')}
        </Button>
      </SubmitRow>
    </form>
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
  const { errors, failure, busy } = state.form;
  return (
    <form
      className="form"
      noValidate
      aria-label={t('twoFactor.confirmTitle')}
      onSubmit={(e) => {
        prevent(e);
        return state.confirm(code);
      }}
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
      <SubmitRow label={t('twoFactor.confirm')} disabled={busy}>
        <Button variant="secondary" onClick={state.cancel}>
          {t('twoFactor.cancel')}
        </Button>
      </SubmitRow>
    </form>
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
  const { errors, failure, busy } = state.form;
  return (
    <form
      className="form"
      noValidate
      aria-label={t('twoFactor.turnOff')}
      onSubmit={(e) => {
        prevent(e);
        return state.disable(password, code);
      }}
    >
      <p>{t('twoFactor.offPrompt')}</p>
      <FormError>{failure}</FormError>
      <PasswordField
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <CodeField value={code} onChange={setCode} error={errors.code} />
      <SubmitRow label={t('twoFactor.turnOff')} disabled={busy}>
        <Button variant="secondary" onClick={state.cancel}>
          {t('twoFactor.cancel')}
        </Button>
      </SubmitRow>
    </form>
  );
}
