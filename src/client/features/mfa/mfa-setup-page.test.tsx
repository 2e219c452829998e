import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/contracts/user.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { agencyUser, shellApi } from '#tests/support/shell-api.ts';
import { appRoutes } from '#client/app/router.tsx';

afterEach(() => vi.unstubAllGlobals());

type Options = Partial<Pick<User, 'allowAuthenticatorMFA' | 'allowEmailMFA' | 'allowOptOutMFA'>>;

function start(
  options: Options,
  {
    enrollStatus = 200,
    statusFails = false,
    enrollHeld,
    statusHeld,
  }: {
    enrollStatus?: number;
    statusFails?: boolean;
    enrollHeld?: Promise<void>;
    statusHeld?: Promise<void>;
  } = {},
) {
  const user = { ...agencyUser, enableMfaOptions: true, ...options };
  const api = shellApi({ user });
  api.handlers['/api/mfa/enroll'] = (init) => ({
    status: enrollStatus,
    body:
      enrollStatus === 200
        ? { status: (JSON.parse(init?.body as string) as { factor: string }).factor }
        : { error: { code: 'internal', message: 'The server has encountered an error.' }, referenceId: 'r' },
  });
  if (statusFails) {
    api.handlers['/api/mfa/status'] = () => ({
      status: 500,
      body: {
        error: { code: 'internal', message: 'The server has encountered an error.' },
        referenceId: 'r',
      },
    });
  }
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (input === '/api/mfa/enroll' && enrollHeld) await enrollHeld;
    if (input === '/api/mfa/status' && statusHeld) await statusHeld;
    return api.fetchImpl(input, init);
  });
  renderRoutes(appRoutes, '/mfa/setup');
  const enrolled = () =>
    api.calls
      .filter((c) => c.url === '/api/mfa/enroll')
      .map((c) => JSON.parse(c.init?.body as string) as unknown);
  return { enrolled };
}

describe('the MFA setup screen', () => {
  it('offers every allowed method and thanks the user for the one chosen', async () => {
    let release = () => {};
    const { enrolled } = start(
      { allowAuthenticatorMFA: true, allowEmailMFA: true, allowOptOutMFA: true },
      { statusHeld: new Promise((r) => (release = r)) },
    );
    expect(await screen.findByText('Loading MFA options...')).toBeInTheDocument();
    release();
    await userEvent.click(await screen.findByRole('button', { name: 'Use Authenticator App' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText(/we will use Authenticator/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log Out' })).toHaveAttribute('href', '/logout');
    expect(enrolled()).toEqual([{ factor: 'any' }]);
  });

  it('offers only the allowed methods', async () => {
    start({ allowEmailMFA: true, allowOptOutMFA: true });
    expect(await screen.findByRole('button', { name: 'Use Email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No Thanks' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use Authenticator App' })).not.toBeInTheDocument();
  });

  it('enrols a user with one allowed method at once', async () => {
    let release = () => {};
    const { enrolled } = start({ allowEmailMFA: true }, { enrollHeld: new Promise((r) => (release = r)) });
    expect(await screen.findByText('Setting up your access...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText(/we will use Email/)).toBeInTheDocument();
    expect(enrolled()).toEqual([{ factor: 'email' }]);
  });

  it('enrols a user with only the authenticator allowed as "any"', async () => {
    const { enrolled } = start({ allowAuthenticatorMFA: true });
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(enrolled()).toEqual([{ factor: 'any' }]);
  });

  it('opts a user with no allowed method out', async () => {
    const { enrolled } = start({});
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText(/not ask again/)).toBeInTheDocument();
    expect(enrolled()).toEqual([{ factor: 'opt_out' }]);
  });

  it('still thanks the user when enrolment fails', async () => {
    start({ allowEmailMFA: true, allowOptOutMFA: true }, { enrollStatus: 500 });
    await userEvent.click(await screen.findByRole('button', { name: 'No Thanks' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText(/not ask again/)).toBeInTheDocument();
  });

  it('treats a failed status call as unknown and still offers the methods', async () => {
    start({ allowEmailMFA: true, allowOptOutMFA: true }, { statusFails: true });
    expect(await screen.findByRole('button', { name: 'Use Email' })).toBeInTheDocument();
  });
});
