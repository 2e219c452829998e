import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { theme } from '#client/app/theme.ts';
import { DecimalInput, formatDecimal, parseDecimal } from './decimal-input.tsx';

function Field({ initial, thousands }: { initial: number; thousands?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider theme={theme} env="test">
      <DecimalInput aria-label="Prior" value={value} onChange={setValue} thousands={thousands} />
      <output aria-label="Number">{value}</output>
    </MantineProvider>
  );
}

describe('DecimalInput', () => {
  it('shows the number with its thousands commas, and the text as typed while editing', async () => {
    render(<Field initial={1234567.5} thousands />);
    const input = screen.getByRole('textbox', { name: 'Prior' });
    expect(input).toHaveValue('1,234,567.5');
    await userEvent.clear(input);
    await userEvent.type(input, '100000');
    expect(input).toHaveValue('100000');
    expect(screen.getByRole('status', { name: 'Number' })).toHaveTextContent('100000');
    await userEvent.tab();
    expect(input).toHaveValue('100,000');
  });

  it('refuses what is not a number of at most two decimals', async () => {
    render(<Field initial={10} />);
    const input = screen.getByRole('textbox', { name: 'Prior' });
    await userEvent.clear(input);
    await userEvent.type(input, '8a5.255');
    expect(input).toHaveValue('85.25');
    expect(screen.getByRole('status', { name: 'Number' })).toHaveTextContent('85.25');
  });

  it('reads an empty or partial text as 0', () => {
    expect(parseDecimal('')).toBe(0);
    expect(parseDecimal('-')).toBe(0);
    expect(parseDecimal('1,250.5')).toBe(1250.5);
    expect(formatDecimal(0.5, 2, false)).toBe('0.5');
    expect(formatDecimal(12345.678, 2, true)).toBe('12,345.68');
  });
});
