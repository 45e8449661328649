import type { VatBasis } from '@contract/enums';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { choiceFromParams, paramsOfChoice, type TaxChoice } from '../lib/periods';

/**
 * What `/tax` shows, kept in its address (`?year=2026&period=q2[&basis=accrual]`), so a period can
 * be bookmarked, linked from the dashboard and gone back to. Without one: this quarter, on the
 * user's basis (`vatBasis`); a basis chosen here changes the view only, never the setting.
 */
export function useTaxChoice(): {
  choice: TaxChoice;
  userBasis: VatBasis;
  setChoice: (choice: TaxChoice) => void;
} {
  const { user } = useAuth();
  const userBasis: VatBasis = user?.vatBasis ?? 'cash';
  const [params, setParams] = useSearchParams();
  const choice = choiceFromParams(params, new Date(), userBasis);
  const setChoice = (next: TaxChoice) => setParams(paramsOfChoice(next, userBasis), { replace: true });
  return { choice, userBasis, setChoice };
}
