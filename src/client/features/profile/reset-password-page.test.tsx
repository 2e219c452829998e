import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  INVALID_EMAIL,
  PASSWORD_MISMATCH,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
} from '#shared/contracts/account-fields.ts';
import { appRoutes } from '#client/app/router.tsx';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { forgotConfirmation } from './forgot-password-page.tsx';
import { PASSWORD_CHANGED, RESET_LINK_INVALID } from './reset-password-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const newPassword = () => screen.getByLabelText(/^New password/);
const confirmPassword = () => screen.getByLabelText(/^Confirm new password/);
const rule = (label: RegExp) => screen.getByText(label).closest('li')!;

describe('Reset password (/reset-password?token=)', () => {
  it('ticks the checklist as the password is typed, checks the confirmation, and changes the password', async () => {
    const api = fakeFetch({ '/api/auth/reset-password': () => ({ status: 200, body: { status: true } }) });
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoutes(appRoutes, '/reset-password?token=tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(rule(/At least 8 characters/)).toHaveAttribute('data-met', 'false');

    await userEvent.type(newPassword(), 'Fresh');
    expect(rule(/An uppercase letter/)).toHaveAttribute('data-met', 'true');
    expect(rule(/A lowercase letter/)).toHaveAttribute('data-met', 'true');
    expect(rule(/At least 8 characters/)).toHaveAttribute('data-met', 'false');
    expect(rule(/A number/)).toHaveAttribute('data-met', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_TOO_SHORT)).toBeInTheDocument();

    await userEvent.type(newPassword(), '-start-42');
    for (const label of [/At least 8/, /A number/, /A special character/]) {
      expect(rule(label)).toHaveAttribute('data-met', 'true');
    }
    await userEvent.type(confirmPassword(), 'Fresh-start-43');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_MISMATCH)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await userEvent.clear(confirmPassword());
    await userEvent.type(confirmPassword(), 'Fresh-start-42');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_CHANGED);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/auth0');
    expect(JSON.parse(api.calls[0]!.init!.body as string)).toEqual({
      token: 'tok-123',
      newPassword: 'Fresh-start-42',
    });
  });

  it("shows the server's refusal of a common password on the password field and keeps the form", async () => {
    const api = fakeFetch({
      '/api/auth/reset-password': () => ({
        status: 400,
        body: {
          code: 'PASSWORD_RULES',
          message: PASSWORD_TOO_COMMON,
          error: {
            code: 'bad_request',
            message: PASSWORD_TOO_COMMON,
            fields: { newPassword: PASSWORD_TOO_COMMON },
          },
          referenceId: 'ref-1',
        },
      }),
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoutes(appRoutes, '/reset-password?token=tok-123');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Password1!');
    await userEvent.type(confirmPassword(), 'Password1!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_TOO_COMMON)).toBeInTheDocument();
    expect(newPassword()).toHaveAccessibleDescription(expect.stringContaining(PASSWORD_TOO_COMMON));
    expect(screen.queryByText(RESET_LINK_INVALID)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
  });

  it('says when the link was used or has expired, and offers a new one', async () => {
    const api = fakeFetch({
      '/api/auth/reset-password': () => ({
        status: 400,
        body: { code: 'INVALID_TOKEN', message: 'Invalid token' },
      }),
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoutes(appRoutes, '/reset-password?token=used');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Fresh-start-42');
    await userEvent.type(confirmPassword(), 'Fresh-start-42');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says so at once for a link without a token', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fetchImpl);
    renderRoutes(appRoutes, '/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });
});

describe('Forgot password (/forgot-password)', () => {
  it('checks the address, then confirms in the same words whatever the answer', async () => {
    const api = fakeFetch({
      '/api/auth/request-password-reset': () => ({ status: 200, body: { status: true, message: 'x' } }),
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    const { router } = renderRoutes(appRoutes, '/auth/auth0');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));

    // The sign-in page has an Email field too: take this page's, inside its form.
    const form = await screen.findByRole('form', { name: 'Forgot your password?' });
    const email = within(form).getByRole('textbox', { name: /^Email/ });
    await userEvent.type(email, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect(await screen.findByText(INVALID_EMAIL)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await userEvent.clear(email);
    await userEvent.type(email, 'someone@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(forgotConfirmation('someone@example.test'));
    expect(JSON.parse(api.calls[0]!.init!.body as string)).toEqual({ email: 'someone@example.test' });
  });
});
