import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { theme } from '#client/app/theme.ts';
import { Select } from './select.tsx';

const PERIODS = [
  { value: 'YTD', label: 'Year to date (YTD)' },
  { value: '12MM', label: 'Last 12 months (12MM)' },
  { value: 'Monthly', label: 'Monthly' },
];

function Controlled() {
  const [value, setValue] = useState<string | null>('YTD');
  return (
    <main>
      <Select label="Timeframe" data={PERIODS} value={value} onChange={setValue} allowDeselect={false} />
      <output aria-label="Chosen">{value}</output>
    </main>
  );
}

describe('Select', () => {
  it('opens on the arrow key pressed on its stand-in before the real control has arrived, and chooses by keyboard', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider theme={theme} env="test">
        <Controlled />
      </MantineProvider>,
    );
    const standIn = screen.getByRole('combobox', { name: 'Timeframe' });
    // Focused and pressed at once, before the control's module has arrived.
    act(() => {
      standIn.focus();
      fireEvent.keyDown(standIn, { key: 'ArrowDown' });
    });
    expect(await screen.findByRole('option', { name: 'Monthly' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Timeframe' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('Monthly');
  });
});
