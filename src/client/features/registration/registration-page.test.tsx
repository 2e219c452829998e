import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_TOO_COMMON, TERMS_NOT_ACCEPTED } from '#shared/contracts/account-fields.ts';
import { REGISTRATION_REASONS } from '#shared/contracts/registration.ts';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { RegistrationPage } from './registration-page.tsx';

const routes = [
  { path: '/register', element: <RegistrationPage /> },
  { path: '/production', element: <p>Production page</p> },
];

const metadata = {
  subscriberUuid: '3f1c6a52-8f0e-4f7e-9d7c-2b1e4c5d6a7b',
  subscriberName: 'Prairie Insurance',
  agencyNetworkUuid: '7a1c6a52-8f0e-4f7e-9d7c-2b1e4c5d6a7b',
  agencyNetworkName: 'Heartland Network',
  userUuid: null,
  willInviteeBePrimaryUser: true,
  emailAddress: 'rosa@example.test',
  firstName: 'Rosa',
  lastName: 'Lee',
  accessToken: 'the-token',
};

const config = {
  supportEmail: 'support@example.test',
  helpSiteUrl: 'http://localhost/helpDesk',
  termsUrl: 'https://example.test/terms-of-service',
  aiChatUrl: '',
  uploadPortalUrl: '',
  appUrl: 'http://localhost',
};

function start(handlers: Parameters<typeof fakeFetch>[0], path = '/register?token=the-token') {
  const api = fakeFetch({
    '/akpi-env': () => ({ status: 200, body: config }),
    '/api/register/meta-data': () => ({ status: 200, body: metadata }),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.fetchImpl);
  return { ...renderRoutes(routes, path), calls: api.calls };
}

async function fillPasswords(password = 'Welcome-aboard-7') {
  await userEvent.type(await screen.findByLabelText(/^Password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm password/), password);
}

afterEach(() => vi.unstubAllGlobals());

describe('RegistrationPage', () => {
  it('shows the reason when the link cannot be used', async () => {
    start({
      '/api/register/meta-data': () => ({
        status: 410,
        body: { error: { code: 'gone', message: REGISTRATION_REASONS.used }, referenceId: 'r1' },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Unable to process request' })).toBeInTheDocument();
    expect(screen.getByText(REGISTRATION_REASONS.used)).toBeInTheDocument();
    expect(
      screen.getByText(/If you think you are receiving this message in error, please/),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'contact us' })).toHaveAttribute(
      'href',
      'mailto:support@example.test',
    );
  });

  it('explains a link without a token without asking the server', async () => {
    const { calls } = start({}, '/register');
    expect(await screen.findByText(REGISTRATION_REASONS.missingToken)).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/register'))).toBe(false);
  });

  it('filters what is typed: letters in names, postal-code characters, a formatted US mobile', async () => {
    start({});
    const first = await screen.findByLabelText(/^First name/);
    await userEvent.clear(first);
    await userEvent.type(first, 'Ro5sa!');
    expect(first).toHaveValue('Rosa');
    await userEvent.type(screen.getByLabelText(/^Postal code/), '50a30-9x');
    expect(screen.getByLabelText(/^Postal code/)).toHaveValue('5030-9');
    await userEvent.type(screen.getByLabelText(/^Mobile/), '5155550123');
    expect(screen.getByLabelText(/^Mobile/)).toHaveValue('+1 (515) 555-0123');
  });

  it('ticks the password rules as they are met', async () => {
    start({});
    await userEvent.type(await screen.findByLabelText(/^Password/), 'abcdefgh');
    const rules = screen.getByRole('list', { name: 'Your password needs' });
    const rule = (label: string) => within(rules).getByText(label).closest('li');
    expect(rule('At least 8 characters')).toHaveAttribute('data-met', 'true');
    expect(rule('A lowercase letter')).toHaveAttribute('data-met', 'true');
    expect(rule('An uppercase letter')).toHaveAttribute('data-met', 'false');
    expect(screen.getByText('2 of 6 password rules met')).toBeInTheDocument();
  });

  it('says live that a password is too common, as the server will (the checklist never reads all met)', async () => {
    const common = new Set(['Password1!']);
    start({
      '/api/password/common': (init) => ({
        status: 200,
        body: { common: common.has((JSON.parse(init!.body as string) as { password: string }).password) },
      }),
    });
    await userEvent.type(await screen.findByLabelText(/^Password/), 'Password1!');
    expect(await screen.findByText(PASSWORD_TOO_COMMON)).toBeInTheDocument();
    expect(screen.getByText('5 of 6 password rules met')).toBeInTheDocument();
    const rules = screen.getByRole('list', { name: 'Your password needs' });
    expect(within(rules).getByText('Not a common password').closest('li')).toHaveAttribute(
      'data-met',
      'false',
    );
    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.type(screen.getByLabelText(/^Password/), 'Welcome-aboard-7');
    expect(await screen.findByText('6 of 6 password rules met')).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_TOO_COMMON)).not.toBeInTheDocument();
  });

  it('links the Terms & Conditions it asks to accept, where the server says they are', async () => {
    start({});
    expect(await screen.findByRole('link', { name: /Terms & Conditions/ })).toHaveAttribute(
      'href',
      'https://example.test/terms-of-service',
    );
  });

  it('keeps Submit disabled until the terms are accepted, then creates the primary user and goes to /production', async () => {
    const { calls, router } = start({
      '/api/register/createPrimaryUser': () => ({
        status: 201,
        body: { userUuid: '9b2e7c4a-1d3f-4e5a-8b6c-7d8e9f0a1b2c', emailAddress: 'rosa@example.test' },
      }),
    });
    await fillPasswords();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const terms = screen.getByRole('checkbox', { name: /^I accept the Terms & Conditions/ });
    await userEvent.click(terms);
    expect(submit).toBeEnabled();
    await userEvent.click(terms);
    expect(await screen.findByText(TERMS_NOT_ACCEPTED)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await userEvent.click(terms);
    await waitFor(() => expect(screen.queryByText(TERMS_NOT_ACCEPTED)).not.toBeInTheDocument());
    await userEvent.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Account created successfully' });
    const sent = calls.find((c) => c.url === '/api/register/createPrimaryUser');
    expect(JSON.parse(sent!.init!.body as string)).toMatchObject({
      agencyId: metadata.subscriberUuid,
      emailAddress: 'rosa@example.test',
      token: 'the-token',
      password: 'Welcome-aboard-7',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/production'));
  });

  it("shows the server's message and keeps what was typed when the account is not created", async () => {
    const message =
      'rosa@example.test already has an account. Sign in with it, or register with another address.';
    start({
      '/api/register/createPrimaryUser': () => ({
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message,
            fields: { emailAddress: 'rosa@example.test already has an account.' },
          },
          referenceId: 'r2',
        },
      }),
    });
    await userEvent.type(await screen.findByLabelText(/^City/), 'Ames');
    await fillPasswords();
    await userEvent.click(screen.getByRole('checkbox', { name: /^I accept the Terms & Conditions/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('rosa@example.test already has an account.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^City/)).toHaveValue('Ames');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Welcome-aboard-7');
  });
});
