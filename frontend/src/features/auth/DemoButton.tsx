import { useState } from 'react';
import { Button } from '../../components/Button';
import { useAuth } from '../../lib/auth';

/** Signs in to the shared demo account (POST /api/auth/demo). */
export function DemoButton() {
  const { loginDemo } = useAuth();
  const [busy, setBusy] = useState(false);
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
        Try the demo account
      </Button>
      <p className="muted">
        The demo account is shared and reset often. Create your own account to keep your data.
      </p>
    </div>
  );
}
