import { useMemo, useState } from 'react';
import { NativeSelect } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import { presets, resolveTimeframe, type Timeframe } from '#shared/domain/timeframe.ts';

/** The URL parameter of the period, with Carrier Production's codes (spec part 1 §3). */
export const TIMEFRAME_PARAM = 'timeframe';

/** The period in the URL (default: year to date), and a setter keeping the other parameters. */
export function useTimeframe(): [Timeframe, (code: string) => void, Timeframe[]] {
  const [today] = useState(() => calendarDateIn(BUSINESS_TIME_ZONE));
  const [params, setParams] = useSearchParams();
  const timeframe = useMemo(() => resolveTimeframe(params.get(TIMEFRAME_PARAM), today), [params, today]);
  const choices = useMemo(() => presets(today), [today]);
  const set = (code: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(TIMEFRAME_PARAM, code);
      return next;
    });
  return [timeframe, set, choices];
}

/**
 * A preset-only period choice (year to date, the latest month, the rolling 12, 24 and 36 months) for
 * pages that compare peers rather than browse periods, plus the period in the URL when it is none of them.
 */
export function TimeframeChoice({
  timeframe,
  choices,
  onChange,
}: {
  timeframe: Timeframe;
  choices: Timeframe[];
  onChange: (code: string) => void;
}) {
  const options = choices.some((c) => c.code === timeframe.code) ? choices : [timeframe, ...choices];
  return (
    <NativeSelect
      label="Timeframe"
      w={260}
      value={timeframe.code}
      data={options.map((c) => ({ value: c.code, label: c.displayText }))}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
