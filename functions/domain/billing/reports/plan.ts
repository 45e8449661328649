import { addDays, type DayRange, daysInRange, weekStart } from '../../shared/calendar';

/**
 * How a report by week with a tag filter reads a range (pure): the weeks (from Monday) in `weeks`
 * whole from the week items, plus the days in `add` and minus the days in `subtract` from the day
 * items — the week counterpart of `planMonthReads`. Weeks wholly inside the range are read whole;
 * a partial edge week is read the cheaper way: its days in the range, or, when fewer of its days
 * lie outside the range, the whole week minus those (a range ending today subtracts only days
 * still to come, which hold nothing). Every day of the range counts exactly once, every other day
 * not at all, and a subtracted day falls in the row of the week it was read with.
 */
export interface WeekPlan {
  /** Inclusive Mondays (contiguous weeks), absent when no week is read whole. */
  weeks?: { first: string; last: string };
  add: DayRange[];
  subtract: DayRange[];
}

const days = (ranges: DayRange[]) =>
  ranges.reduce((n, r) => n + (r.start <= r.end ? daysInRange(r.start, r.end) : 0), 0);

export function planWeekReads(range: DayRange): WeekPlan {
  const { start, end } = range;
  const mondays: string[] = [];
  const add: DayRange[] = [];
  const subtract: DayRange[] = [];
  /** Decides one edge week: the days of it in range, or the whole week minus the days outside. */
  const edge = (inRange: DayRange, outside: DayRange[]) => {
    if (days(outside) < days([inRange])) {
      mondays.push(weekStart(inRange.start));
      subtract.push(...outside.filter((r) => r.start <= r.end));
    } else {
      add.push(inRange);
    }
  };
  const firstMonday = weekStart(start);
  const lastMonday = weekStart(end);
  if (firstMonday === lastMonday) {
    edge(range, [
      { start: firstMonday, end: addDays(start, -1) },
      { start: addDays(end, 1), end: addDays(firstMonday, 6) },
    ]);
  } else {
    edge({ start, end: addDays(firstMonday, 6) }, [{ start: firstMonday, end: addDays(start, -1) }]);
    for (let monday = addDays(firstMonday, 7); monday < lastMonday; monday = addDays(monday, 7)) {
      mondays.push(monday);
    }
    edge({ start: lastMonday, end }, [{ start: addDays(end, 1), end: addDays(lastMonday, 6) }]);
  }
  mondays.sort();
  const first = mondays[0];
  const last = mondays.at(-1);
  return { ...(first && last ? { weeks: { first, last } } : {}), add, subtract };
}
