import type { ApiToken, ApiTokenScope, CreatedApiToken } from '@contract/security';
import { useState } from 'react';
import { useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/error-text';
import { useApiTokens, useCreateApiToken, useDeleteApiToken } from '../api/api-tokens';
import { useFormErrors } from './use-form-errors';

/**
 * The API-token card: the list, the create form, the token just made (shown until dismissed — it
 * is never shown again), and deleting one after a confirmation.
 */
export function useApiTokenSettings(enabled: boolean, twoFactor: boolean) {
  const { t } = useTranslation();
  const toast = useToast();
  const list = useApiTokens(enabled);
  const createToken = useCreateApiToken();
  const deleteToken = useDeleteApiToken();
  const form = useFormErrors(['name', 'scope', 'password', 'code']);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [created, setCreated] = useState<CreatedApiToken>();
  const [deleting, setDeleting] = useState<ApiToken>();
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();

  const create = () =>
    form.submit(
      {
        name: name.trim() ? undefined : t('validation.nameRequired'),
        password: password ? undefined : t('validation.passwordRequired'),
        code: !twoFactor || code.trim() ? undefined : t('twoFactor.codeRequired'),
      },
      async () => {
        setCreated(
          await createToken({
            name: name.trim(),
            scope,
            password,
            ...(twoFactor ? { code: code.trim() } : {}),
          }),
        );
        setName('');
        setPassword('');
        setCode('');
      },
    );

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(undefined);
    try {
      await deleteToken(deleting._id);
      setDeleting(undefined);
      toast.show(t('apiTokens.deleted'));
    } catch (err) {
      setDeleteError(errorMessage(err));
    } finally {
      setDeleteBusy(false);
    }
  }

  return {
    tokens: list.data,
    loadError: list.error ? errorMessage(list.error) : undefined,
    form,
    name,
    setName,
    scope,
    setScope,
    password,
    setPassword,
    code,
    setCode,
    twoFactor,
    create,
    created,
    dismissCreated: () => setCreated(undefined),
    deleting,
    askDelete: (token: ApiToken) => {
      setDeleteError(undefined);
      setDeleting(token);
    },
    cancelDelete: () => setDeleting(undefined),
    confirmDelete,
    deleteBusy,
    deleteError,
  };
}

export type ApiTokenSettings = ReturnType<typeof useApiTokenSettings>;
