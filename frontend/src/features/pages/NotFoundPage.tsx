import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { paths } from '@/lib/paths';
import { useTitle } from '@/lib/use-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useTitle(t('notFound.title'));
  return (
    <section aria-labelledby="notfound-title">
      <h1 id="notfound-title">{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link to={paths.start}>{t('common.goToStart')}</Link>
    </section>
  );
}
