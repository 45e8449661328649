import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api';
import { paths } from '@/lib/paths';
import { deleteAccount } from '../api/delete-account';
import { useFormErrors } from './use-form-errors';

/** What `/loggedout` is told when it is reached by deleting the account. */
export interface LeftState {
  accountDeleted?: boolean;
}

/**
 * Deleting the account (issue 34, item 10): the dialog asks for the password, and a code when
 * two-factor sign-in is on. A wrong password or code stays in the dialog under its field; any
 * other refusal closes it and says the data was not deleted. On success the page that says the
 * account was deleted (/loggedout) ends the session in the browser.
 */
export function useAccountDeletion(twoFactor: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpenState] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string>();
  const form = useFormErrors(['password', 'code']);

  function setOpen(next: boolean) {
    setOpenState(next);
    setPassword('');
    setCode('');
    form.reset();
    if (next) setFailure(undefined);
  }

  function confirm() {
    const invalid = {
      password: password ? undefined : t('validation.passwordRequired'),
      code: twoFactor && !code.trim() ? t('twoFactor.codeRequired') : undefined,
    };
    return form.submit(invalid, async () => {
      try {
        await deleteAccount({ password, ...(twoFactor ? { code: code.trim() } : {}) });
      } catch (err) {
        const param = err instanceof ApiError ? err.errors[0]?.param : undefined;
        if (param === 'password' || param === 'code') throw err;
        setOpenState(false);
        setFailure(t('settings.deletionFailed'));
        return;
      }
      const state: LeftState = { accountDeleted: true };
      navigate(paths.loggedOut, { replace: true, state });
    });
  }

  return { open, setOpen, password, setPassword, code, setCode, form, failure, confirm };
}
