import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { theme } from '#client/app/theme.ts';
import { PageLinks } from './table-pager.tsx';

function Pages({ total }: { total: number }) {
  const [page, setPage] = useState(1);
  return (
    <MantineProvider theme={theme} env="test">
      <PageLinks total={total} page={page} onChange={setPage} />
    </MantineProvider>
  );
}

/** The names of the page links, in order. */
const links = () =>
  within(screen.getByRole('navigation', { name: 'Table pages' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('PageLinks', () => {
  it('links the first, previous, next and last pages, and the pages around the current one', async () => {
    render(<Pages total={10} />);
    expect(links()).toEqual([
      'First page',
      'Previous page',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Page 10',
      'Next page',
      'Last page',
    ]);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
    expect(links()).toContain('Page 6');
    expect(links()).not.toContain('Page 2');

    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByRole('button', { name: 'Page 9' })).toHaveAttribute('aria-current', 'page');
  });
});
