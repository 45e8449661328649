import { FINANCE_ENTRIES } from '../../features/activities/api/entries';
import { FinanceActivityForm } from '../../features/activities/components/FinanceActivityForm';
import { editEntryRoute } from './edit-entry';

/** Editing an income or an expense. */
export const Component = editEntryRoute('finance', FINANCE_ENTRIES, FinanceActivityForm);
