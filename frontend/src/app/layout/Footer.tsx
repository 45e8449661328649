import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { paths } from '@/lib/paths';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <nav aria-label={t('shell.legal')}>
        <ul>
          <li>
            <Link to={paths.privacy}>{t('shell.privacy')}</Link>
          </li>
          <li>
            <Link to={paths.terms}>{t('shell.terms')}</Link>
          </li>
          <li>
            <Link to={paths.impressum}>{t('shell.impressum')}</Link>
          </li>
          <li>
            <Link to={paths.changelog}>{t('shell.changelog')}</Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
