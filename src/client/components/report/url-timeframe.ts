import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import { resolveTimeframe, type CalendarDay, type Timeframe } from '#shared/domain/timeframe.ts';

/** The URL parameter of the period, with Carrier Production's codes (spec part 1 §3). */
export const TIMEFRAME_PARAM = 'timeframe';

/**
 * The period in the URL (default: year to date), a setter keeping the other parameters, and the
 * day it was resolved on (the timeframe selector's presets count from it).
 */
export function useTimeframe(): [Timeframe, (next: Timeframe) => void, CalendarDay] {
  const [today] = useState(() => calendarDateIn(BUSINESS_TIME_ZONE));
  const [params, setParams] = useSearchParams();
  const timeframe = useMemo(() => resolveTimeframe(params.get(TIMEFRAME_PARAM), today), [params, today]);
  const set = (next: Timeframe) =>
    setParams((current) => {
      const params = new URLSearchParams(current);
      params.set(TIMEFRAME_PARAM, next.code);
      return params;
    });
  return [timeframe, set, today];
}
