import { NavLink } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import type { User } from '@/lib/auth';
import { paths } from '@/lib/paths';

export interface SideMenuProps {
  user: User;
  id: string;
  /** On phones the menu is folded behind the top bar's button. */
  open: boolean;
  onNavigate: () => void;
}

/** The signed-in menu: name with PREMIUM or FREE badge, Home, Dashboard, Projects, Timesheet, Settings, Upgrade, Log out. */
export function SideMenu({ user, id, open, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  return (
    <nav id={id} className={`side-menu${open ? ' open' : ''}`} aria-label={t('shell.mainMenu')}>
      <span className="side-menu-brand" aria-hidden="true">
        Timeledger
      </span>
      <div className="side-menu-user">
        <span className="side-menu-name">{user.name}</span>
        {user.premium ? (
          <span className="badge badge-premium">{t('shell.premium')}</span>
        ) : (
          <span className="badge badge-free">{t('shell.free')}</span>
        )}
      </div>
      <ul>
        <li>
          <NavLink to={paths.home} onClick={onNavigate}>
            {t('shell.home')}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.dashboard} onClick={onNavigate}>
            {t('daily.dashboard')}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.projects} onClick={onNavigate}>
            {t('shell.projects')}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.timesheet} onClick={onNavigate}>
            {t('shell.timesheet')}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.reports} onClick={onNavigate}>
            {t('billingMenu.reports')}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.invoices} onClick={onNavigate}>
            {t('invoices.title')}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.clients} onClick={onNavigate}>
            {t('billingMenu.clients')}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.recurringExpenses} onClick={onNavigate}>
            {t('recurring.menu')}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.tax} onClick={onNavigate}>
            {t('tax.title')}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.settings} onClick={onNavigate}>
            {t('shell.settings')}
          </NavLink>
        </li>
        {user.premium ? null : (
          <li>
            <NavLink to={paths.subscribe} onClick={onNavigate}>
              {t('shell.upgrade')}
            </NavLink>
          </li>
        )}
        <li>
          <NavLink to={paths.loggedOut} onClick={onNavigate}>
            {t('shell.logOut')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
