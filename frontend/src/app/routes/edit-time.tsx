import { TIME_ENTRIES } from '../../features/activities/api/entries';
import { TimeActivityForm } from '../../features/activities/components/TimeActivityForm';
import { editEntryRoute } from './edit-entry';

/** Editing a time entry. */
export const Component = editEntryRoute('time', TIME_ENTRIES, TimeActivityForm);
