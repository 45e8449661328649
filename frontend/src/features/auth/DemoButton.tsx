import { useState } from 'react';
import { Button } from '@/components/Button';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';

/** Signs in to the shared demo account (POST /api/auth/demo). */
export function DemoButton() {
  const { loginDemo } = useAuth();
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  return (
    <div className="demo">
      <Button
        size="big"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await loginDemo();
          setBusy(false);
        }}
      >
        {t('demo.try')}
      </Button>
      <p className="muted">{t('demo.hint')}</p>
    </div>
  );
}
