import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScorecardFigures } from '#shared/contracts/scorecards.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { ScorecardMeters } from './scorecard-meters.tsx';

const figures = (written: number, base: number, total: number): ScorecardFigures => ({
  writtenPremiumYTD: written,
  baseCommissionYTD: base,
  additionalCommissionYTD: total - base,
  totalCommissionYTD: total,
  // What the API sends: already rounded to 0.01 (12.35 for 12.3456 %).
  baseCommissionPercent: Math.round((base / written) * 10_000) / 100,
  additionalCommissionPercent: Math.round(((total - base) / written) * 10_000) / 100,
  totalCommissionPercent: Math.round((total / written) * 10_000) / 100,
});

describe('ScorecardMeters', () => {
  it('rounds each percent once from the exact amounts, and the shares add up to 100.0 %', () => {
    const core = figures(579.49, 71.54, 80);
    const noncore = figures(420.51, 40, 50);
    const total = figures(1000, 111.54, 130);
    renderRoutes([{ path: '/', element: <ScorecardMeters split={{ total, core, noncore }} /> }], '/');
    const written = within(screen.getByRole('region', { name: 'Written Premium' }));
    expect(written.getByText(/Core/).closest('div')!.parentElement).toHaveTextContent('57.9%');
    // Each figure is its own unbreakable span: read the line it stands in.
    const lines = (region: typeof written) =>
      region.getAllByText(/%/).map((e) => e.closest('p')!.textContent);
    expect(lines(written)).toEqual(['$579 · 57.9%', '$421 · 42.1%']);
    // Base commission: 71.54 / 579.49 = 12.3453 % (12.35 % from the API would read 12.4 %).
    const base = within(screen.getByRole('region', { name: 'Base Commission' }));
    expect(lines(base)).toEqual(['11.2% of written premium', '$72 · 12.3%', '$40 · 9.5%']);
  });
});
