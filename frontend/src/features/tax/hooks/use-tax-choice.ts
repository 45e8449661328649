import type { VatBasis } from '@contract/enums';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { choiceFromParams, paramsOfChoice, type TaxChoice } from '../lib/periods';

/**
 * What `/tax` shows, kept in its address (`?year=2026&period=q2[&basis=accrual]`), so a period can
 * be bookmarked, linked from the dashboard and gone back to. Without one: this quarter, on the
 * user's basis (`vatBasis`); a basis chosen here changes the view only, never the setting.
 *
 * Read and written with `useLocation` and `useNavigate`, which the shell uses already: the
 * router's `useSearchParams` would add its code to the first screen's shared router chunk.
 */
export function useTaxChoice(): {
  choice: TaxChoice;
  userBasis: VatBasis;
  setChoice: (choice: TaxChoice) => void;
} {
  const { user } = useAuth();
  const userBasis: VatBasis = user?.vatBasis ?? 'cash';
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const choice = choiceFromParams(new URLSearchParams(search), new Date(), userBasis);
  const setChoice = (next: TaxChoice) =>
    navigate(`${pathname}?${paramsOfChoice(next, userBasis).toString()}`, { replace: true });
  return { choice, userBasis, setChoice };
}
