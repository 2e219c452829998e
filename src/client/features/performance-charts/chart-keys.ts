/**
 * What a chart's figure does with the keyboard, free of React: the items its arrow keys move among
 * (months, carriers, agencies, slices), where a key moves the tooltip, and the tooltip's text for
 * the live region (the library draws the visible one).
 */
import { NOT_REPORTED } from '#client/components/figures.tsx';
import type { Drawing } from './charts-drawing.tsx';

/** How many items the keyboard moves among: months, carriers, agencies or slices. */
export const itemCount = (drawing: Drawing) =>
  drawing.kind === 'donut' ? drawing.slices.length : drawing.rows.length;

/** The item at `index` in words (its name, then each value), as the tooltip shows it. */
export function itemLines(drawing: Drawing, index: number): { title: string; lines: string[] } | null {
  if (drawing.kind === 'donut') {
    const slice = drawing.slices[index];
    if (!slice) return null;
    const total = drawing.slices.reduce((sum, s) => sum + s.value, 0);
    const share = total > 0 ? Math.round((slice.value / total) * 100) : 0;
    return { title: slice.name, lines: [`${share}% ${drawing.format(slice.value)}`] };
  }
  const row = drawing.rows[index];
  if (!row) return null;
  return {
    title: String(row[drawing.categoryKey]),
    lines: drawing.series.map((s) => {
      const v = row[s.key];
      return `${s.label} ${typeof v === 'number' ? drawing.format(v) : NOT_REPORTED}`;
    }),
  };
}

/** The keys that move the tooltip: to the next or previous item, the first, the last, or away. */
export function moved(key: string, active: number | null, count: number): number | null | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return active === null ? 0 : Math.min(count - 1, active + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return active === null ? count - 1 : Math.max(0, active - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'Escape':
      return null;
    default:
      return undefined;
  }
}
