import { NavLink } from 'react-router-dom';
import type { User } from '../../lib/auth';
import { paths } from '../../lib/paths';

export interface SideMenuProps {
  user: User;
  id: string;
  /** On phones the menu is folded behind the top bar's button. */
  open: boolean;
  onNavigate: () => void;
}

/** The signed-in menu: name with PREMIUM or FREE badge, Home, Projects, Timesheet, Settings, Upgrade, Log out. */
export function SideMenu({ user, id, open, onNavigate }: SideMenuProps) {
  return (
    <nav id={id} className={`side-menu${open ? ' open' : ''}`} aria-label="Main">
      <span className="side-menu-brand" aria-hidden="true">
        Timeledger
      </span>
      <div className="side-menu-user">
        <span className="side-menu-name">{user.name}</span>
        {user.premium ? (
          <span className="badge badge-premium">PREMIUM</span>
        ) : (
          <span className="badge badge-free">FREE</span>
        )}
      </div>
      <ul>
        <li>
          <NavLink to={paths.home} onClick={onNavigate}>
            Home
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.projects} onClick={onNavigate}>
            Projects
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.timesheet} onClick={onNavigate}>
            Timesheet
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.settings} onClick={onNavigate}>
            Settings
          </NavLink>
        </li>
        {user.premium ? null : (
          <li>
            <NavLink to={paths.subscribe} onClick={onNavigate}>
              Upgrade
            </NavLink>
          </li>
        )}
        <li>
          <NavLink to={paths.loggedOut} onClick={onNavigate}>
            Log out
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
