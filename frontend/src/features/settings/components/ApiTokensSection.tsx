import { API_TOKEN_SCOPES, type ApiToken, type ApiTokenScope } from '@contract/security';
import type { FormEvent } from 'react';
import {
  Button,
  CodeField,
  ConfirmDialog,
  Field,
  FormError,
  PasswordField,
  SubmitRow,
  useToast,
} from '@/components';
import { useTranslation } from '@/i18n';
import type { User } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { type ApiTokenSettings, useApiTokenSettings } from '../hooks/use-api-tokens';
import { SettingsSection } from './SettingsSection';

/** API tokens for scripts: create one (shown once), see when each was last used, delete one. */
export function ApiTokensSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const s = useApiTokenSettings(!user.isDemo, user.twoFactor);
  return (
    <SettingsSection id="settings-api-tokens" title={t('apiTokens.title')}>
      <p>{t('apiTokens.intro')}</p>
      {user.isDemo ? (
        <p>{t('apiTokens.demo')}</p>
      ) : (
        <>
          {s.created ? <CreatedToken s={s} /> : null}
          <TokenList s={s} />
          <CreateForm s={s} />
        </>
      )}
      <ConfirmDialog
        open={s.deleting !== undefined}
        title={t('apiTokens.deleteTitle', { name: s.deleting?.name ?? '' })}
        message={t('apiTokens.deleteMessage')}
        confirmLabel={t('apiTokens.delete')}
        busy={s.deleteBusy}
        onCancel={s.cancelDelete}
        onConfirm={s.confirmDelete}
      >
        <FormError>{s.deleteError}</FormError>
      </ConfirmDialog>
    </SettingsSection>
  );
}

function CreatedToken({ s }: { s: ApiTokenSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const token = s.created?.token ?? '';
  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      toast.show(t('apiTokens.copied'));
    } catch {
      // No clipboard: the token stays on screen to be selected and copied by hand.
    }
  }
  return (
    <div className="api-token-created" role="status">
      <p>{t('apiTokens.created')}</p>
      <Field label={t('apiTokens.tokenLabel')}>
        <input className="api-token-value" readOnly value={token} onFocus={(e) => e.target.select()} />
      </Field>
      <div className="form-actions">
        <Button variant="secondary" onClick={copy}>
          {t('apiTokens.copy')}
        </Button>
        <Button onClick={s.dismissCreated}>{t('apiTokens.done')}</Button>
      </div>
    </div>
  );
}

function TokenList({ s }: { s: ApiTokenSettings }) {
  const { t } = useTranslation();
  const scopeName = (scope: ApiTokenScope) =>
    scope === 'write' ? t('apiTokens.write') : t('apiTokens.read');
  const used = (token: ApiToken) =>
    token.lastUsedAt
      ? t('apiTokens.lastUsed', { date: formatDate(token.lastUsedAt) })
      : t('apiTokens.neverUsed');
  // Not an alert: a list that did not load is no failure of something the person just did.
  if (s.loadError) return <p className="muted">{t('apiTokens.loadFailed', { reason: s.loadError })}</p>;
  if (!s.tokens) return null;
  if (s.tokens.length === 0) return <p>{t('apiTokens.none')}</p>;
  return (
    <ul className="api-tokens" aria-label={t('apiTokens.listLabel')}>
      {s.tokens.map((token) => (
        <li key={token._id} className="api-token-row">
          <strong>{token.name}</strong> · {scopeName(token.scope)} ·{' '}
          {t('apiTokens.createdAt', { date: formatDate(token.createdAt) })} · {used(token)}{' '}
          <Button
            variant="ghost"
            onClick={() => s.askDelete(token)}
            aria-label={t('apiTokens.deleteNamed', { name: token.name })}
          >
            {t('apiTokens.delete')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function CreateForm({ s }: { s: ApiTokenSettings }) {
  const { t } = useTranslation();
  const { errors, failure, busy } = s.form;
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    return s.create();
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('apiTokens.create')}>
      <FormError>{failure}</FormError>
      <Field label={t('apiTokens.name')} hint={t('apiTokens.nameHint')} error={errors.name}>
        <input value={s.name} maxLength={100} onChange={(e) => s.setName(e.target.value)} />
      </Field>
      <Field label={t('apiTokens.scope')} error={errors.scope}>
        <select value={s.scope} onChange={(e) => s.setScope(e.target.value as ApiTokenScope)}>
          {API_TOKEN_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {scope === 'write' ? t('apiTokens.write') : t('apiTokens.read')}
            </option>
          ))}
        </select>
      </Field>
      <p>{s.twoFactor ? t('apiTokens.confirmWithCode') : t('apiTokens.confirmWithPassword')}</p>
      <PasswordField
        label={t('apiTokens.password')}
        autoComplete="current-password"
        value={s.password}
        onChange={s.setPassword}
        error={errors.password}
      />
      {s.twoFactor ? <CodeField value={s.code} onChange={s.setCode} error={errors.code} /> : null}
      <SubmitRow label={t('apiTokens.create')} disabled={busy} />
    </form>
  );
}
