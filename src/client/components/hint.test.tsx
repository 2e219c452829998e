import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '#tests/support/render.tsx';
import { Hint } from './hint.tsx';

function Page() {
  return (
    <main>
      <Hint label="Incomplete carrier data">
        <span tabIndex={0} data-testid="figure">
          N/A
        </span>
      </Hint>
      <Hint label="Hides the carriers with incomplete data">
        <div data-testid="wrapper">
          <input type="checkbox" aria-label="Hide incomplete data" />
        </div>
      </Hint>
    </main>
  );
}

describe('Hint', () => {
  it('draws its target alone, then opens its tooltip on keyboard focus, keeping the focus there', async () => {
    renderRoutes([{ path: '/', element: <Page /> }], '/');
    const standIn = screen.getByTestId('figure');
    // No tooltip (nor Mantine's Tooltip) before the first focus or pointing.
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    standIn.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Incomplete carrier data');
    // Mantine's Tooltip arrived and draws the target again: the new element has the focus.
    await waitFor(() => expect(screen.getByTestId('figure')).toHaveFocus());
    expect(screen.getByTestId('figure')).not.toBe(standIn);
  });

  it('gives the focus back to the control inside its target', async () => {
    renderRoutes([{ path: '/', element: <Page /> }], '/');
    screen.getByRole('checkbox', { name: 'Hide incomplete data' }).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Hides the carriers with incomplete data');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Hide incomplete data' })).toHaveFocus());
  });

  it('opens on pointing', async () => {
    renderRoutes([{ path: '/', element: <Page /> }], '/');
    await userEvent.hover(screen.getByTestId('figure'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Incomplete carrier data');
  });
});
