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
});
