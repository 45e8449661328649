import { useState } from 'react';
import { useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { startTwoFactor, useConfirmTwoFactor, useDisableTwoFactor } from '../api/two-factor';
import { useFormErrors } from './use-form-errors';

/** Where the two-factor card is: at rest, or in one of the steps of turning it on or off. */
export type TwoFactorStage =
  | { step: 'idle' }
  | { step: 'password' }
  | { step: 'scan'; secret: string; otpauthUrl: string }
  | { step: 'codes'; codes: string[] }
  | { step: 'disable' };

/**
 * The state of the two-factor card: turning it on is password → scan the secret and confirm with
 * a code → the recovery codes, shown once; turning it off takes the password and a code.
 */
export function useTwoFactor() {
  const { t } = useTranslation();
  const toast = useToast();
  const confirmTwoFactor = useConfirmTwoFactor();
  const disableTwoFactor = useDisableTwoFactor();
  const [stage, setStage] = useState<TwoFactorStage>({ step: 'idle' });
  const form = useFormErrors(['password', 'code']);

  const go = (next: TwoFactorStage) => {
    form.reset();
    setStage(next);
  };

  const required = (value: string, message: string) => (value.trim() ? undefined : message);

  return {
    stage,
    form,
    begin: () => go({ step: 'password' }),
    beginDisable: () => go({ step: 'disable' }),
    cancel: () => go({ step: 'idle' }),
    sendPassword: (password: string) =>
      form.submit({ password: required(password, t('validation.passwordRequired')) }, async () => {
        const { secret, otpauthUrl } = await startTwoFactor(password);
        go({ step: 'scan', secret, otpauthUrl });
      }),
    confirm: (code: string) =>
      form.submit({ code: required(code, t('twoFactor.codeRequired')) }, async () => {
        const codes = await confirmTwoFactor(code.trim());
        go({ step: 'codes', codes });
      }),
    finish: () => {
      go({ step: 'idle' });
      toast.show(t('twoFactor.turnedOn'));
    },
    disable: (password: string, code: string) =>
      form.submit(
        {
          password: required(password, t('validation.passwordRequired')),
          code: required(code, t('twoFactor.codeRequired')),
        },
        async () => {
          await disableTwoFactor({ password, code: code.trim() });
          go({ step: 'idle' });
          toast.show(t('twoFactor.turnedOff'));
        },
      ),
  };
}

export type TwoFactorState = ReturnType<typeof useTwoFactor>;
