import { useTranslation } from '@/i18n';
import { useTitle } from '@/lib/use-title';

/** `/impressum`: the legal disclosure; the operator fills in the marked placeholders (in every catalogue). */
export function ImpressumPage() {
  const { t } = useTranslation();
  useTitle(t('shell.impressum'));
  return (
    <section aria-labelledby="impressum-title">
      <h1 id="impressum-title">{t('shell.impressum')}</h1>
      <p className="placeholder-note">{t('impressum.placeholder')}</p>
      <h2>{t('impressum.operator')}</h2>
      <address>
        {t('impressum.name')}
        <br />
        {t('impressum.street')}
        <br />
        {t('impressum.city')}
        <br />
        {t('impressum.country')}
      </address>
      <h2>{t('impressum.contact')}</h2>
      <p>
        {t('impressum.email')}
        <br />
        {t('impressum.phone')}
      </p>
      <h2>{t('impressum.responsible')}</h2>
      <p>{t('impressum.responsiblePerson')}</p>
    </section>
  );
}
