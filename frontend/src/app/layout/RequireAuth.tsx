import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { SessionProblem } from '@/components/SessionProblem';
import { Spinner } from '@/components/Spinner';
import { useAuth } from '@/lib/auth';
import { paths, rememberPath } from '@/lib/paths';

/**
 * Gate of the signed-in routes: a signed-out visitor goes to the start page and the path they
 * asked for is remembered (localStorage) to be used once after login.
 */
export function RequireAuth() {
  const { isAuthenticated, loading, sessionError } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner />;
  if (sessionError) return <SessionProblem />;
  if (!isAuthenticated) {
    // Writing the same value twice is harmless, so this may run during render.
    rememberPath(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={paths.start} replace />;
  }
  return <Outlet />;
}
