import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#tests/support/render.tsx';
import { shellApi, unauthorized } from '#tests/support/shell-api.ts';
import { showServerError } from '#client/lib/session-alerts.ts';
import { appRoutes } from './router.tsx';

const EXPIRED = 'Your session has expired. Please refresh or click below to log in.';

afterEach(() => vi.unstubAllGlobals());

function start(path: string, api: ReturnType<typeof shellApi>) {
  vi.stubGlobal('fetch', api.fetchImpl);
  return renderRoutes(appRoutes, path);
}

describe('loading the user', () => {
  it('sends a visitor without a session to sign-in and remembers where they were going', async () => {
    const api = shellApi();
    api.handlers['/api/user'] = () => unauthorized();
    const { router } = start('/helpDesk?topic=login', api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/auth0'));
    expect(sessionStorage.getItem('understanding.returnPath')).toBe('/helpDesk?topic=login');
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });

  it('signs out a visitor whose session was revoked', async () => {
    const api = shellApi();
    api.handlers['/api/user'] = () => unauthorized(true);
    api.handlers['/api/auth/sign-out'] = () => ({ status: 200, body: { success: true } });
    const { router } = start('/helpDesk', api);
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/auth/sign-out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/auth0'));
  });

  it("shows the server's error text, without quotes, on a splash", async () => {
    const api = shellApi();
    api.handlers['/api/user'] = () => ({
      status: 404,
      body: {
        error: { code: 'not_found', message: 'Your "user" account no longer exists.' },
        referenceId: 'r',
      },
    });
    start('/helpDesk', api);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your user account no longer exists. Please contact support.',
    );
  });

  it('offers to try again, which loads the account once it answers, and to log out', async () => {
    const api = shellApi();
    const answer = api.handlers['/api/user']!;
    api.handlers['/api/user'] = () => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'Your account could not be found.' }, referenceId: 'r' },
    });
    start('/helpDesk', api);
    const splash = await screen.findByRole('alert');
    expect(within(splash).getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');

    api.handlers['/api/user'] = answer;
    await userEvent.click(within(splash).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('organisation-name')).toBeInTheDocument();
  });
});

describe('later API calls', () => {
  it('show the session-expired modal on a 401, whose Go to login link returns here after sign-in', async () => {
    const api = shellApi();
    const { router } = start('/helpDesk', api);
    await screen.findByTestId('organisation-name');

    api.handlers['/api/whats-new'] = () => unauthorized();
    await userEvent.click(screen.getByRole('button', { name: /What's new/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Session expired' });
    expect(within(dialog).getByText(EXPIRED)).toBeInTheDocument();
    const login = within(dialog).getByRole('link', { name: 'Go to login' });
    expect(login).toHaveAttribute('href', '/auth/auth0');

    await userEvent.click(login);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/auth0'));
    expect(sessionStorage.getItem('understanding.returnPath')).toBe('/helpDesk');
  });

  it('sign out on a 401 that says the session was revoked', async () => {
    const api = shellApi();
    api.handlers['/api/auth/sign-out'] = () => ({ status: 200, body: { success: true } });
    start('/helpDesk', api);
    await screen.findByTestId('organisation-name');

    api.handlers['/api/whats-new'] = () => unauthorized(true);
    await userEvent.click(screen.getByRole('button', { name: /What's new/ }));

    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/auth/sign-out'));
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });
});

describe('the server-error modal', () => {
  it("shows the server's message and continues", async () => {
    start('/helpDesk', shellApi());
    await screen.findByTestId('organisation-name');

    act(() => showServerError({ message: 'Error loading by-carrier' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The server has encountered an error.')).toBeInTheDocument();
    expect(within(dialog).getByText('Error loading by-carrier')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Go to login' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers Go to login without Continue when asked', async () => {
    start('/helpDesk', shellApi());
    await screen.findByTestId('organisation-name');

    act(() =>
      showServerError({
        message: 'The server has encountered an error.',
        hasLogout: true,
        hasContinue: false,
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('The server has encountered an error.')).toHaveLength(1);
    expect(within(dialog).getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/logout');
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });
});
