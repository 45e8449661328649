import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { useTitle } from '@/lib/use-title';

/** `/terms`: the terms and conditions in plain words. */
export function TermsPage() {
  const { t } = useTranslation();
  // The limits are configuration: only the server knows them, and it tells a signed-in person.
  const limits = useAuth().user?.limits;
  useTitle(t('shell.terms'));
  return (
    <section aria-labelledby="terms-title">
      <h1 id="terms-title">{t('shell.terms')}</h1>
      <ol>
        <li>{t('terms.age')}</li>
        <li>{t('terms.responsible')}</li>
        <li>{limits ? t('terms.limits', limits) : t('terms.limitsSignedOut')}</li>
        <li>{t('terms.demo')}</li>
        <li>{t('terms.availability')}</li>
        <li>{t('terms.stop')}</li>
      </ol>
    </section>
  );
}
