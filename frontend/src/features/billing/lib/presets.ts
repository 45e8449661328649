import { toIsoDay } from '@/lib/format';

/** The report's ranges a person picks by name (or `custom`, two dates). */
export const PRESETS = ['thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'thisYear', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export interface DayRange {
  startdate: string;
  enddate: string;
}

/** Monday of the week holding `d` (weeks start on Monday, as the report's weeks do). */
function monday(d: Date): Date {
  const back = (d.getDay() + 6) % 7;
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - back);
}

/** The days of a named range around `today` (local calendar days). */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: Date = new Date()): DayRange {
  const y = today.getFullYear();
  const m = today.getMonth();
  const span = (from: Date, to: Date) => ({ startdate: toIsoDay(from), enddate: toIsoDay(to) });
  switch (preset) {
    case 'thisWeek': {
      const start = monday(today);
      return span(start, new Date(start.getFullYear(), start.getMonth(), start.getDate() + 6));
    }
    case 'lastWeek': {
      const start = monday(new Date(y, m, today.getDate() - 7));
      return span(start, new Date(start.getFullYear(), start.getMonth(), start.getDate() + 6));
    }
    case 'thisMonth':
      return span(new Date(y, m, 1), new Date(y, m + 1, 0));
    case 'lastMonth':
      return span(new Date(y, m - 1, 1), new Date(y, m, 0));
    case 'thisYear':
      return span(new Date(y, 0, 1), new Date(y, 11, 31));
  }
}
