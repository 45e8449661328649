import { useEffect, useId, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { QuickEntryBar } from '@/features/activities/components/QuickEntryBar';
import { useProjects } from '@/features/projects/api/get-projects';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { Footer } from './Footer';
import { SideMenu } from './SideMenu';

/** The quick-entry bar and running timer above every signed-in screen, with the projects the shell knows. */
function ShellQuickEntry() {
  const { data: projects } = useProjects();
  return <QuickEntryBar projects={projects} />;
}

/** The frame of every screen: side menu (signed in only; a menu button on phones), content, footer. */
export function AppLayout() {
  const { user } = useAuth();
  const { t } = useTranslation();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // A new screen starts with the phone menu folded, and keyboard and screen-reader users start
  // at its content instead of wherever the link they used was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => {
    setMenuOpen(false);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      {user ? (
        <>
          <header className="top-bar">
            <span className="top-bar-title">Timeledger</span>
            <button
              type="button"
              className="btn btn-ghost"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((o) => !o)}
            >
              {t('shell.menu')}
            </button>
          </header>
          <SideMenu user={user} id={menuId} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        </>
      ) : null}
      <div className="app-main">
        {user ? <ShellQuickEntry /> : null}
        <main id="main" ref={mainRef} className="app-content" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
      </div>
      <ScrollRestoration />
    </div>
  );
}
