import { useMemo } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { addMonths, formatYearMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import {
  MANUAL_DATA_WARNING,
  parseTimeframe,
  presets,
  priorPeriod,
  showsManualDataWarning,
  type CalendarDay,
  type Timeframe,
  type TimeframeName,
} from '#shared/domain/timeframe.ts';
import { SearchableSelect } from '#client/components/searchable-select.tsx';
import { Select } from '#client/components/select.tsx';

const NAME_OPTIONS: { value: TimeframeName; label: string }[] = [
  { value: 'YTD', label: 'Year to date (YTD)' },
  { value: '12MM', label: 'Last 12 months (12MM)' },
  { value: '24MM', label: 'Last 24 months (24MM)' },
  { value: '36MM', label: 'Last 36 months (36MM)' },
  { value: 'Monthly', label: 'Monthly' },
  { value: 'Custom', label: 'Custom' },
];

/** Years of months offered by the month pickers, counting the working year. */
const YEARS_OFFERED = 5;

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Every month from `earliest` to `latest`, newest first, labelled 'October 2026'. */
export function monthOptions(earliest: YearMonth, latest: YearMonth): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [];
  for (let month = latest; month >= earliest; month = addMonths(month, -1)) {
    options.push({ value: month, label: monthName.format(new Date(`${month}-01T00:00:00Z`)) });
  }
  return options;
}

/**
 * The timeframe selector (spec part 1 §2): the presets, one month, or a custom range of months, with
 * the manual-data warning (§5) and a disclaimer about the data.
 */
export function TimeframeSelector({
  timeframe,
  today,
  onChange,
}: {
  timeframe: Timeframe;
  today: CalendarDay;
  onChange: (timeframe: Timeframe) => void;
}) {
  const presetList = useMemo(() => presets(today), [today]);
  const latest = presetList[0]!.endMonth;
  const earliestOffered = formatYearMonth(Number(latest.slice(0, 4)) - (YEARS_OFFERED - 1), 1);
  const earliest = timeframe.startMonth < earliestOffered ? timeframe.startMonth : earliestOffered;
  const months = useMemo(() => monthOptions(earliest, latest), [earliest, latest]);

  const choose = (code: string) => {
    const next = parseTimeframe(code, today);
    if (next) onChange(next);
  };

  const chooseName = (name: string | null) => {
    const preset = presetList.find((p) => p.name === name);
    if (preset) onChange(preset);
    else if (name === 'Monthly') choose(timeframe.endMonth);
    else if (name === 'Custom') choose(`${timeframe.startMonth}--${timeframe.endMonth}`);
  };

  const chooseStart = (start: string | null) => {
    if (!start) return;
    const end = start > timeframe.endMonth ? start : timeframe.endMonth;
    choose(`${start}--${end}`);
  };

  const chooseEnd = (end: string | null) => {
    if (!end) return;
    const start = end < timeframe.startMonth ? end : timeframe.startMonth;
    choose(`${start}--${end}`);
  };

  const prior = priorPeriod(timeframe);

  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Timeframe"
          data={NAME_OPTIONS}
          value={timeframe.name}
          onChange={chooseName}
          allowDeselect={false}
          w={230}
        />
        {timeframe.name === 'Monthly' && (
          <SearchableSelect
            label="Month"
            data={months}
            value={timeframe.endMonth}
            onChange={(month) => month && choose(month)}
            allowDeselect={false}
            w={200}
          />
        )}
        {timeframe.name === 'Custom' && (
          <>
            <SearchableSelect
              label="Start month"
              data={months}
              value={timeframe.startMonth}
              onChange={chooseStart}
              allowDeselect={false}
              w={200}
            />
            <SearchableSelect
              label="End month"
              data={months}
              value={timeframe.endMonth}
              onChange={chooseEnd}
              allowDeselect={false}
              w={200}
            />
          </>
        )}
      </Group>
      <Text size="sm" data-testid="timeframe-summary">
        {timeframe.displayText}, compared with {prior.displayText}
      </Text>
      {showsManualDataWarning(timeframe) && (
        <Text size="sm" c="red.9" fw={600}>
          {MANUAL_DATA_WARNING}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Figures come from the data carriers send and may change when carriers restate past months. Prior
        values cover the same months one year earlier.
      </Text>
    </Stack>
  );
}
