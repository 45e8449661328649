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

/** The menu's screens in order, with the catalogue key of each one's name. */
const MENU = [
  [paths.home, 'shell.home'],
  [paths.dashboard, 'daily.dashboard'],
  [paths.projects, 'shell.projects'],
  [paths.timesheet, 'shell.timesheet'],
  [paths.reports, 'billingMenu.reports'],
  [paths.invoices, 'invoices.title'],
  [paths.clients, 'billingMenu.clients'],
  [paths.recurringExpenses, 'recurring.menu'],
  [paths.tax, 'tax.title'],
  [paths.settings, 'shell.settings'],
] as const;

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
        {MENU.map(([to, word]) => (
          <li key={to}>
            <NavLink to={to} onClick={onNavigate}>
              {t(word)}
            </NavLink>
          </li>
        ))}
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
