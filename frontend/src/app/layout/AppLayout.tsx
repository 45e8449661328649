import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { useProjects } from '@/features/projects/api/get-projects';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { Footer } from './Footer';
import { loadQuickEntryBar, quickEntryBarIfLoaded } from './quick-entry-chunk';
import { SideMenu } from './SideMenu';

/** The bar for someone who signs in now: its chunk arrives with their first screen. */
const LazyQuickEntryBar = lazy(async () => ({ default: await loadQuickEntryBar() }));

/**
 * The notice that mail is held back (issue 35) is shown to few and seldom: its chunk, with the
 * date formatting it needs (`lib/format.ts`), is asked for only while mail is held, so the first
 * screen goes without it.
 */
const LazyMailHeldNotice = lazy(async () => ({ default: (await import('./MailHeldNotice')).MailHeldNotice }));

/** Whether mail to the account is held back by the hourly cap now. */
const mailHeldNow = (until: string | null): until is string =>
  until !== null && Date.parse(until) > Date.now();

/** The quick-entry bar and running timer above every signed-in screen, with the projects the shell knows. */
function ShellQuickEntry() {
  const { data: projects } = useProjects();
  const QuickEntryBar = quickEntryBarIfLoaded();
  if (QuickEntryBar) return <QuickEntryBar projects={projects} />;
  return (
    <Suspense fallback={null}>
      <LazyQuickEntryBar projects={projects} />
    </Suspense>
  );
}

/** The frame of every screen: side menu (signed in only; a menu button on phones), content, footer. */
export function AppLayout() {
  const { user, loading } = useAuth();
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

  // A returning user's frame waits for their session, as the router's first frame does: drawn
  // signed out first, it would jump down when the top bar and the quick-entry bar arrive.
  if (loading) return <Spinner />;

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
        {user && mailHeldNow(user.mailHeldUntil) ? (
          <Suspense fallback={null}>
            <LazyMailHeldNotice until={user.mailHeldUntil} />
          </Suspense>
        ) : null}
        <main id="main" ref={mainRef} className="app-content" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
      </div>
      <ScrollRestoration />
    </div>
  );
}
