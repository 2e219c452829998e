import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { helpRoutes } from './routes.tsx';

const clientConfig = {
  supportEmail: 'support@understanding.test',
  helpSiteUrl: 'https://help.understanding.test',
  aiChatUrl: 'https://chat.understanding.test',
  uploadPortalUrl: 'https://upload.understanding.test',
  appUrl: 'https://app.understanding.test',
};

const topicTitles = [
  'Log in',
  'Reset password',
  'Request a new carrier',
  'Add non-core carrier data',
  'Create, modify and add a carrier to an agency plan',
  'Compare your agency with the network, and see early warnings',
  'Project profit-sharing bonuses and see the distance to the next band',
];

function renderHelp(config: { status: number; body: unknown } = { status: 200, body: clientConfig }) {
  const { fetchImpl, calls } = fakeFetch({ '/akpi-env': () => config });
  vi.stubGlobal('fetch', fetchImpl);
  renderRoutes([{ path: '/', children: helpRoutes }], '/helpDesk');
  return { calls };
}

describe('HelpPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the help topics of the spec, all collapsed', async () => {
    renderHelp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    for (const title of topicTitles) {
      expect(screen.getByRole('button', { name: title })).toHaveAttribute('aria-expanded', 'false');
    }
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(topicTitles);
  });

  it('expands and collapses a topic with the mouse and the keyboard', async () => {
    renderHelp();
    const resetPassword = await screen.findByRole('button', { name: 'Reset password' });
    await userEvent.click(resetPassword);
    expect(resetPassword).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/my-profile');
    await waitFor(() =>
      expect(screen.getByText(/We send an e-mail to the address on your profile/)).toBeVisible(),
    );

    await userEvent.click(resetPassword);
    expect(resetPassword).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'My Profile' })).not.toBeInTheDocument());

    const newCarrier = screen.getByRole('button', { name: 'Request a new carrier' });
    newCarrier.focus();
    await userEvent.keyboard('{Enter}');
    expect(newCarrier).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByText(/Cannot find your Carrier\? Let us know/)).toBeVisible());
    await userEvent.keyboard(' ');
    expect(newCarrier).toHaveAttribute('aria-expanded', 'false');
  });

  it('links to the support e-mail address from /akpi-env', async () => {
    const { calls } = renderHelp();
    const link = await screen.findByRole('link', { name: 'support@understanding.test' });
    expect(link).toHaveAttribute('href', 'mailto:support@understanding.test');
    expect(link.closest('p')).toHaveTextContent('Still need help? Contact us at support@understanding.test');
    expect(calls.map((c) => c.url)).toEqual(['/akpi-env']);
  });

  it('says so when the support address cannot be loaded', async () => {
    renderHelp({ status: 500, body: { error: { code: 'internal', message: 'x' }, referenceId: 'r' } });
    expect(await screen.findByText(/The support address could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });
});
