import { TrackFinancePage } from '../../features/activities/routes/TrackFinancePage';
import { ProjectPicker } from '../../features/projects/components/ProjectPicker';

/** Tracking an income or an expense, with the projects feature's picker. */
export function TrackFinanceRoute({ kind }: { kind: 'income' | 'expense' }) {
  return <TrackFinancePage ProjectPicker={ProjectPicker} kind={kind} />;
}
