import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { paths, ROUTES } from '@/lib/paths';
import { useRouteParam } from '@/lib/use-route-param';
import type { EntryCalls } from '../api/entries';
import type { ProjectPickerComponent, ProjectRef } from '../components/types';
import { useActivityFromLists } from '../lib/find-activity';

/** What differs between editing a time entry and an income or expense: its route and its words. */
const KINDS = {
  time: {
    route: ROUTES.timeActivity,
    loading: 'entry.timeLoading',
    failed: 'entry.timeLoadFailed',
    notFound: 'entry.timeNotFound',
  },
  finance: {
    route: ROUTES.financeActivity,
    loading: 'entry.financeLoading',
    failed: 'entry.financeLoadFailed',
    notFound: 'entry.financeNotFound',
  },
} as const;

export interface EditEntryPageProps<E> {
  kind: keyof typeof KINDS;
  calls: EntryCalls<E, never, never>;
  /** The kind's form, filled with the entry. */
  Form: ComponentType<{ ProjectPicker: ProjectPickerComponent; activity: E }>;
  ProjectPicker: ProjectPickerComponent;
  projects: ProjectRef[] | undefined;
}

/**
 * /timeactivity/:timeActivityId and /financeactivity/:financeActivityId ('Edit a financial
 * activity'): an entry loaded by id from its project's list, in its kind's form.
 */
export function EditEntryPage<E extends { _id: string }>({
  kind,
  calls,
  Form,
  ProjectPicker,
  projects,
}: EditEntryPageProps<E>) {
  const { t } = useTranslation();
  const words = KINDS[kind];
  const id = useRouteParam(words.route);
  const { data, error, isLoading } = useActivityFromLists<E>(calls.listKey, id, projects);
  if (!projects || isLoading) return <Spinner label={t(words.loading)} />;
  if (error) return <p role="alert">{t(words.failed)}</p>;
  if (!data)
    return (
      <div className="page">
        <h1>{t(words.notFound)}</h1>
        <Link to={paths.projects}>{t('projects.back')}</Link>
      </div>
    );
  return (
    <div className="page">
      <Form ProjectPicker={ProjectPicker} activity={data} />
    </div>
  );
}
