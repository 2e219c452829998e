import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '#tests/support/render.tsx';
import { LineBadgeLegend } from './billing-carriers-page.tsx';

describe('LineBadgeLegend', () => {
  it('says what each badge colour of the carrier list means', () => {
    renderRoutes([{ path: '/', element: <LineBadgeLegend currentMonth="2026-10" /> }], '/');
    const legend = screen.getByRole('list', { name: 'Line of business badges' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'CLEntered up to 2026-10, the latest month',
      'CLEntered this year, but not for the latest month',
      'CLNo entry this year',
    ]);
  });
});
