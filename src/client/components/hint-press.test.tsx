import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '#tests/support/render.tsx';
import { Hint } from './hint.tsx';

/**
 * A file of its own: Mantine's Tooltip must not be loaded yet when the test starts (once loaded, it
 * stays loaded for every later test of a file).
 */
describe('Hint, pressed as its tooltip arrives', () => {
  it('keeps the pressed target until the click, so the click is not lost', async () => {
    let clicks = 0;
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <Hint label="My subscription">
              <button type="button" onClick={() => (clicks += 1)}>
                Subscription
              </button>
            </Hint>
          ),
        },
      ],
      '/',
    );
    const standIn = screen.getByRole('button', { name: 'Subscription' });
    // The pointer reaches the target (the tooltip starts loading) and presses it.
    fireEvent.pointerEnter(standIn);
    fireEvent.pointerDown(standIn);
    // The tooltip arrives while the button is held down.
    await act(async () => {
      await import('./tooltip-part.tsx');
    });
    expect(screen.getByRole('button', { name: 'Subscription' })).toBe(standIn);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    // The release's click reaches the button; then the tooltip takes over, closed: its drawn-again
    // target never saw the pointer enter, so it would not close when the pointer leaves.
    fireEvent.click(standIn);
    expect(clicks).toBe(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscription' })).not.toBe(standIn));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
