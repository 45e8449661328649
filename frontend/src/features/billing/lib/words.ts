import type { Rounding } from '@contract/rounding';
import type { Grouping } from '../hooks/use-report';
import type { Preset } from './presets';

/*
 * The catalogue keys of the report's choices, written out so every key is found where it is used
 * (the catalogue check reads the code for each key).
 */

export const PRESET_WORDS = {
  thisWeek: 'reports.presets.thisWeek',
  lastWeek: 'reports.presets.lastWeek',
  thisMonth: 'reports.presets.thisMonth',
  lastMonth: 'reports.presets.lastMonth',
  thisYear: 'reports.presets.thisYear',
  custom: 'reports.presets.custom',
} as const satisfies Record<Preset, string>;

export const GROUPING_WORDS = {
  client: 'reports.groupings.client',
  project: 'reports.groupings.project',
  task: 'reports.groupings.task',
  tag: 'reports.groupings.tag',
  day: 'reports.groupings.day',
  week: 'reports.groupings.week',
  month: 'reports.groupings.month',
} as const satisfies Record<Grouping, string>;

export const ROUNDING_WORDS = {
  none: 'reports.roundingModes.none',
  up: 'reports.roundingModes.up',
  down: 'reports.roundingModes.down',
  nearest: 'reports.roundingModes.nearest',
} as const satisfies Record<Rounding['mode'], string>;
