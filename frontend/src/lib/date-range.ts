/** A from/to pair of days, as the date-range fields and their quick ranges give it. */
export interface DateRangeValue {
  /** 'yyyy-mm-dd' */
  from: string;
  /** 'yyyy-mm-dd' */
  to: string;
}
