import { useTranslation } from '@/i18n';
import { useTitle } from '@/lib/use-title';

/** `/privacy`: the privacy policy in plain words. */
export function PrivacyPage() {
  const { t } = useTranslation();
  useTitle(t('shell.privacy'));
  return (
    <section aria-labelledby="privacy-title">
      <h1 id="privacy-title">{t('shell.privacy')}</h1>
      <p>{t('privacy.intro')}</p>
      <h2>{t('privacy.useTitle')}</h2>
      <ul>
        <li>{t('privacy.useOnly')}</li>
        <li>{t('privacy.email')}</li>
        <li>{t('privacy.embed')}</li>
        <li>{t('privacy.analytics')}</li>
      </ul>
      <h2>{t('privacy.rightsTitle')}</h2>
      <ul>
        <li>{t('privacy.export')}</li>
        <li>{t('privacy.delete')}</li>
      </ul>
      <p>{t('privacy.questions')}</p>
    </section>
  );
}
