import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '#client/app/theme.ts';
import { ComputingLoader, SLOW_AFTER_MS } from './computing-loader.tsx';

afterEach(() => vi.useRealTimers());

describe('ComputingLoader', () => {
  it('spins without a word at first, then says why the first look at a period takes a while', () => {
    vi.useFakeTimers();
    render(
      <MantineProvider theme={theme} env="test">
        <ComputingLoader label="Loading benchmarks" period="2025-03 to 2025-08" />
      </MantineProvider>,
    );
    const status = screen.getByRole('status', { name: 'Loading benchmarks' });
    expect(status).toHaveTextContent('');
    act(() => {
      vi.advanceTimersByTime(SLOW_AFTER_MS);
    });
    expect(status).toHaveTextContent(
      "Working out every member agency's figures for 2025-03 to 2025-08. The first look at a period can take several seconds at a large network; the next ones come at once.",
    );
  });
});
