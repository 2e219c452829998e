import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { theme } from '#client/app/theme.ts';
import { ChartCard } from './chart-card.tsx';

const table = {
  columns: [
    { key: 'month', label: 'Month', kind: 'text' as const },
    { key: 'current', label: 'Written Premium', kind: 'money' as const },
  ],
  rows: [{ month: '2026-10', current: 1200 }],
};

describe('ChartCard', () => {
  it('says so when the chart cannot be saved as an image, and offers the table instead', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider theme={theme} env="test">
        <ChartCard
          title="Written Premium"
          summary="Written premium by month."
          table={table}
          period="2026-10"
          drawing={{
            kind: 'columns',
            rows: table.rows,
            categoryKey: 'month',
            series: [{ key: 'current', label: 'Written Premium', color: 'blue.7' }],
            format: String,
            height: 200,
            axisWidth: 96,
          }}
        />
      </MantineProvider>,
    );
    // No drawing to copy (here the charting library draws nothing: the page has no layout).
    await user.click(screen.getByRole('button', { name: 'Download Written Premium as PNG' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The chart image could not be made. Try again, or download the table as CSV.',
    );
  });
});
