import type { Project, Report, TagUse, User } from '@contract/responses';
import type { Rounding } from '@contract/rounding';
import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { client, fetcher } from '@/lib/api-client';
import { revalidateAfter } from '@/lib/api-keys';
import { USER_KEY, useAuth } from '@/lib/auth';
import { useClients } from '@/lib/clients';
import { type DayRange, type Preset, presetRange } from '../lib/presets';

export const GROUPINGS = ['client', 'project', 'task', 'tag', 'day', 'week', 'month'] as const;
export type Grouping = (typeof GROUPINGS)[number];

export interface ReportFilters {
  clientid: string;
  projectid: string;
  tag: string;
  /** '' for both. */
  billable: '' | 'true' | 'false';
}

const NO_FILTERS: ReportFilters = { clientid: '', projectid: '', tag: '', billable: '' };

/** The query string of a report: the range, the grouping, and the filters that are set. */
export function reportQuery(range: DayRange, groupby: Grouping, filters: ReportFilters): string {
  const params = new URLSearchParams({ ...range, groupby });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return params.toString();
}

/**
 * The state and data of `/reports`: the preset or custom range, the grouping, the filters, the
 * report for them (`GET /api/reports`), what the filters offer (clients, projects, tags), and the
 * user's rounding, which changes every report at once.
 */
export function useReport() {
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  const [preset, setPreset] = useState<Preset>('thisMonth');
  const [custom, setCustom] = useState<DayRange>(() => presetRange('thisMonth'));
  const [groupby, setGroupby] = useState<Grouping>('project');
  const [filters, setFilters] = useState<ReportFilters>(NO_FILTERS);
  const range = preset === 'custom' ? custom : presetRange(preset);
  const valid = range.startdate !== '' && range.enddate !== '' && range.startdate <= range.enddate;
  const key = valid ? `${client.url('getReport')}?${reportQuery(range, groupby, filters)}` : null;
  const report = useSWR<Report>(key, fetcher, { keepPreviousData: true });
  const { data: clients } = useClients();
  const { data: projects } = useSWR<Project[]>(client.url('listProjects'), fetcher);
  const { data: tags } = useSWR<TagUse[]>(client.url('getTags'), fetcher);

  const setRounding = async (rounding: Rounding) => {
    const updated: User = await client.call('updateUserSettings', { body: { rounding } });
    await mutate(USER_KEY, updated, { revalidate: false });
    // The report (rounding) and whatever else the endpoint makes stale.
    await revalidateAfter(mutate, 'updateUserSettings', { fresh: ['getCurrentUser'] });
  };

  return {
    preset,
    setPreset,
    range,
    setCustom,
    valid,
    groupby,
    setGroupby,
    filters,
    setFilter: (name: keyof ReportFilters, value: string) => setFilters((f) => ({ ...f, [name]: value })),
    report,
    clients: clients ?? [],
    projects: projects ?? [],
    tags: tags ?? [],
    rounding: user?.rounding ?? { mode: 'none', minutes: 15 },
    setRounding,
    user,
  };
}

export type ReportState = ReturnType<typeof useReport>;
