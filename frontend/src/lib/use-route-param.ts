import { useParams } from 'react-router-dom';
import type { ParamOf } from './paths';

/**
 * The parameter of the route pattern (one of `ROUTES`) the screen is mounted on, e.g. the project
 * id of `/projectdetails/:projectid`; '' when the address has none.
 */
export function useRouteParam<P extends `${string}:${string}`>(pattern: P): string {
  const name = pattern.slice(pattern.indexOf(':') + 1) as ParamOf<P>;
  return useParams()[name] ?? '';
}
