import { describe, expect, it } from 'vitest';
import type { Drawing } from './charts-drawing.tsx';
import { itemCount, itemLines, moved } from './chart-keys.ts';

const money = (value: number) => `$${value.toLocaleString('en-US')}`;

const bars: Drawing = {
  kind: 'columns',
  rows: [
    { month: 'Jan 2026', writtenPremium: 1200, priorWrittenPremium: 1000 },
    { month: 'Feb 2026', writtenPremium: 900, priorWrittenPremium: null },
  ],
  categoryKey: 'month',
  series: [
    { key: 'writtenPremium', label: 'Written Premium', color: '#124f93' },
    { key: 'priorWrittenPremium', label: 'Prior Year', color: '#868e96' },
  ],
  format: money,
  height: 280,
  axisWidth: 96,
};

const donut: Drawing = {
  kind: 'donut',
  slices: [
    { name: 'Personal Lines', value: 300, color: '#124f93' },
    { name: 'Commercial Lines', value: 100, color: '#e8590c' },
  ],
  format: money,
  height: 280,
  size: 200,
  thickness: 36,
};

describe('moved', () => {
  it('goes to the first item on the first forward key, the last on the first backward one', () => {
    expect(moved('ArrowRight', null, 12)).toBe(0);
    expect(moved('ArrowDown', null, 12)).toBe(0);
    expect(moved('ArrowLeft', null, 12)).toBe(11);
    expect(moved('ArrowUp', null, 12)).toBe(11);
  });

  it('steps one item and stops at both ends', () => {
    expect(moved('ArrowRight', 3, 12)).toBe(4);
    expect(moved('ArrowLeft', 3, 12)).toBe(2);
    expect(moved('ArrowRight', 11, 12)).toBe(11);
    expect(moved('ArrowLeft', 0, 12)).toBe(0);
  });

  it('jumps with Home and End, hides with Escape, and leaves other keys alone', () => {
    expect(moved('Home', 7, 12)).toBe(0);
    expect(moved('End', 2, 12)).toBe(11);
    expect(moved('Escape', 2, 12)).toBeNull();
    expect(moved('Tab', 2, 12)).toBeUndefined();
    expect(moved('Enter', null, 12)).toBeUndefined();
  });
});

describe('itemLines', () => {
  it('reads a month with each series, a value not reported as a dash', () => {
    expect(itemCount(bars)).toBe(2);
    expect(itemLines(bars, 0)).toEqual({
      title: 'Jan 2026',
      lines: ['Written Premium $1,200', 'Prior Year $1,000'],
    });
    expect(itemLines(bars, 1)?.lines[1]).toBe('Prior Year —');
    expect(itemLines(bars, 2)).toBeNull();
  });

  it('reads a slice with its share of the whole', () => {
    expect(itemCount(donut)).toBe(2);
    expect(itemLines(donut, 0)).toEqual({ title: 'Personal Lines', lines: ['75% $300'] });
    expect(itemLines(donut, 1)).toEqual({ title: 'Commercial Lines', lines: ['25% $100'] });
  });
});
