import { describe, expect, it } from 'vitest';
import {
  dateIcon,
  dateLabel,
  lastReportedTooltip,
  monthsInPeriod,
  noDataTooltip,
  reportingDateTone,
} from './date-badge.ts';

describe('the date badge (spec part 2 §4, §8, §9)', () => {
  const period = { start: '2026-01', end: '2026-10' };

  it('is ok at or after the period end, warning at or after its start, error before it or without data', () => {
    expect(reportingDateTone('2026-11', period)).toBe('ok');
    expect(reportingDateTone('2026-10', period)).toBe('ok');
    expect(reportingDateTone('2026-09', period)).toBe('warning');
    expect(reportingDateTone('2026-01', period)).toBe('warning');
    expect(reportingDateTone('2025-12', period)).toBe('error');
    expect(reportingDateTone(null, period)).toBe('error');
  });

  it('warns when the month is more than 1 behind the latest, errs when more than 4', () => {
    expect(dateIcon('2026-10', '2026-10')).toBe('ok');
    expect(dateIcon('2026-09', '2026-10')).toBe('ok');
    expect(dateIcon('2026-08', '2026-10')).toBe('warning');
    expect(dateIcon('2026-06', '2026-10')).toBe('warning');
    expect(dateIcon('2026-05', '2026-10')).toBe('error');
    expect(dateIcon('2025-11', '2026-01')).toBe('warning');
    expect(dateIcon(null, '2026-10')).toBe('error');
  });

  it('labels data older than a year with its year only', () => {
    expect(dateLabel('2025-10', '2026-10')).toBe('2025-10');
    expect(dateLabel('2025-09', '2026-10')).toBe('2025');
    expect(dateLabel(null, '2026-10')).toBe('No data');
  });

  it("says the carrier's last month and its months out of the period's", () => {
    expect(monthsInPeriod('2026-01', '2026-10')).toBe(10);
    expect(monthsInPeriod('2025-11', '2026-10')).toBe(12);
    expect(lastReportedTooltip('Acme', '2026-09', 9, 10)).toBe(
      'Acme last reported in 2026-09 with 9 of 10 months reported',
    );
    expect(noDataTooltip('Acme')).toBe('Acme has no data in the selected time period.');
  });
});
