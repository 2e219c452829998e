import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { SignInPage } from './sign-in-page.tsx';

const routes = [
  { path: '/auth/auth0', element: <SignInPage /> },
  { path: '/production', element: <p>Production page</p> },
  { path: '/', element: <p>Home page</p> },
];

describe('SignInPage', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('says which field is missing before calling the server', async () => {
    const { fetchImpl, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchImpl);
    renderRoutes(routes, '/auth/auth0');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows a clear message when the credentials are wrong', async () => {
    const { fetchImpl } = fakeFetch({
      '/api/auth/sign-in/email': () => ({
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      }),
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderRoutes(routes, '/auth/auth0');
    await userEvent.type(screen.getByLabelText(/Email/), 'someone@example.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
  });

  it('sends the credentials and returns to the saved path', async () => {
    sessionStorage.setItem('understanding.returnPath', '/production');
    const { fetchImpl, calls } = fakeFetch({
      '/api/auth/sign-in/email': () => ({ status: 200, body: { token: 't' } }),
      '/api/mfa/challenge': () => ({ status: 200, body: { step: 'none' } }),
    });
    vi.stubGlobal('fetch', fetchImpl);
    const { router } = renderRoutes(routes, '/auth/auth0');
    await userEvent.type(screen.getByLabelText(/Email/), 'owner@example.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'Right-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/production'));
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({
      email: 'owner@example.test',
      password: 'Right-password-1',
    });
  });

  async function signInWith(
    challenge: unknown,
    verify: (body: Record<string, string>) => { status: number; body: unknown },
  ) {
    const api = fakeFetch({
      '/api/auth/sign-in/email': () => ({ status: 200, body: { token: 't' } }),
      '/api/mfa/challenge': () => ({ status: 200, body: challenge }),
      '/api/mfa/email-code': () => ({ status: 200, body: { sent: true, emailHint: 'o****@example.test' } }),
      '/api/mfa/verify': (init) => verify(JSON.parse(init!.body as string) as Record<string, string>),
      '/api/auth/sign-out': () => ({ status: 200, body: { success: true } }),
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    const { router } = renderRoutes(routes, '/auth/auth0');
    await userEvent.type(screen.getByLabelText(/Email/), 'owner@example.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'Right-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    return { router, calls: api.calls };
  }

  const wrongCode = {
    status: 400,
    body: {
      error: { code: 'bad_request', message: 'That code is not right. Check it and try again.' },
      referenceId: 'r',
    },
  };

  it('sets up an authenticator app: QR code and key, a code, then the recovery codes once', async () => {
    const challenge = {
      step: 'totp-setup',
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/x',
      qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    };
    const { router } = await signInWith(challenge, (body) =>
      body.code === '123456'
        ? { status: 200, body: { recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] } }
        : wrongCode,
    );
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'QR code to add Understanding to your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Authentication code/), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Check it and try again.',
    );

    await userEvent.type(screen.getByLabelText(/Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(screen.getByLabelText('Recovery codes')).toHaveTextContent('aaaaa-bbbbb');
    expect(router.state.location.pathname).toBe('/auth/auth0');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('takes a recovery code instead of the app code', async () => {
    const { router, calls } = await signInWith({ step: 'totp' }, (body) =>
      body.recoveryCode === 'aaaaa-bbbbb' ? { status: 200, body: { recoveryCodes: null } } : wrongCode,
    );
    expect(
      await screen.findByRole('heading', { name: 'Enter your authentication code' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText(/Recovery code/), 'aaaaa-bbbbb');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((c) => c.url === '/api/mfa/verify')).toHaveLength(1);
  });

  it('sends an e-mail code, says where, and can send another or cancel', async () => {
    const { calls } = await signInWith({ step: 'email', emailHint: 'o****@example.test' }, () => wrongCode);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(
      screen.getByText('We sent a 6-digit code to o****@example.test. It expires in 10 minutes.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/mfa/email-code')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way to o****@example.test.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel sign-in' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/sign-out')).toBe(true);
  });
});
