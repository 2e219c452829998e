import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccessRecord, ProductFeature } from '#shared/contracts/access.ts';
import type { AdminUser } from '#shared/contracts/admin.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { allowConsoleError } from '#tests/support/fail-on-console-error.ts';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { adminRoutes } from './routes.tsx';

const USER_UUID = '9d7e2c1a-3b4f-4e6a-9c8d-1f2e3a4b5c6d';
const ACCESS_PATH = `/api/admin/users/${USER_UUID}/access`;
const REVOKE_PATH = `/api/admin/users/${USER_UUID}/revoke-sessions`;
const MFA_PATH = `/api/admin/users/${USER_UUID}/mfa`;
const mfaState = {
  enableMfaOptions: true,
  allowAuthenticatorMFA: true,
  allowEmailMFA: false,
  allowOptOutMFA: false,
  status: 'any',
  authenticatorConfirmed: true,
  recoveryCodesLeft: 9,
};

const agencyUser: AdminUser = {
  userUuid: USER_UUID,
  name: 'Uma User',
  email: 'user@understanding.test',
  userType: 'agency',
  organisation: 'Prairie Oak Insurance Agency',
  isActive: true,
  activeSessions: 3,
};

const productFeatures: ProductFeature[] = [
  {
    id: '0b6f3a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    key: 'cpr',
    title: 'Carrier Production',
    externalId: 'prod_cpr',
    isLive: true,
  },
  {
    id: '1c7a4b63-2d3e-4f60-9bac-1d2e3f4a5b6c',
    key: 'pbi-market-assistance-lite',
    title: 'Market Assistance Lite',
    externalId: null,
    isLive: false,
  },
];

/** Stands in for the shell's route error boundary: status and reference ID of an ApiError. */
class RouteErrorStandIn extends Component<{ children: ReactNode }, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override render() {
    const { failed, error } = this.state;
    if (!failed) return this.props.children;
    if (error instanceof ApiError)
      return <p>{`Error ${error.status}: ${error.message} (${error.referenceId})`}</p>;
    return <p>Unexpected error</p>;
  }
}

type Reply = { status: number; body: unknown };

function userAccessApi(
  options: { accessRecords?: AccessRecord[]; access?: Reply; save?: Reply; revoke?: Reply } = {},
) {
  let accessRecords = options.accessRecords ?? [
    { productComponentKey: 'cpr', denyAccess: false },
    { productComponentKey: 'retired-report', denyAccess: true },
  ];
  const { fetchImpl, calls } = fakeFetch({
    [ACCESS_PATH]: (init) => {
      if (init?.method === 'PUT') {
        const reply = options.save ?? { status: 200, body: {} };
        if (reply.status === 200)
          accessRecords = (JSON.parse(init.body as string) as { accessRecords: AccessRecord[] })
            .accessRecords;
        return reply;
      }
      return options.access ?? { status: 200, body: { accessRecords } };
    },
    '/api/product-features': () => ({ status: 200, body: { productFeatures } }),
    '/api/admin/users': () => ({ status: 200, body: { users: [agencyUser] } }),
    [REVOKE_PATH]: () => options.revoke ?? { status: 200, body: { revoked: 3 } },
    [MFA_PATH]: (init) =>
      init?.method === 'PUT'
        ? { status: 200, body: { ...mfaState, ...(JSON.parse(init.body as string) as object) } }
        : { status: 200, body: mfaState },
    [`${MFA_PATH}/reset`]: () => ({
      status: 200,
      body: { ...mfaState, status: 'not_enrolled', authenticatorConfirmed: false, recoveryCodesLeft: 0 },
    }),
  });
  vi.stubGlobal('fetch', fetchImpl);
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <RouteErrorStandIn>
            <Outlet />
          </RouteErrorStandIn>
        ),
        children: adminRoutes,
      },
    ],
    `/admin/users/${USER_UUID}`,
  );
  const requests = (method: string, path: string) =>
    calls
      .filter((c) => (c.init?.method ?? 'GET') === method && c.url.split('?')[0] === path)
      .map((c) => (c.init?.body ? (JSON.parse(c.init.body as string) as unknown) : c.url));
  return { requests };
}

const accessGroup = (feature: string) => screen.getByRole('radiogroup', { name: `Access to ${feature}` });
const choice = (feature: string, label: string) =>
  within(accessGroup(feature)).getByRole('radio', { name: label });

describe('UserAccessPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the user, their records and the product features, and finds the user by exact UUID', async () => {
    const { requests } = userAccessApi();
    expect(await screen.findByRole('heading', { level: 1, name: 'Uma User' })).toBeInTheDocument();
    expect(
      screen.getByText(/user@understanding.test · Agency · Prairie Oak Insurance Agency/),
    ).toBeInTheDocument();
    expect(requests('GET', '/api/admin/users')).toEqual([`/api/admin/users?search=${USER_UUID}`]);
    expect(choice('Carrier Production', 'Granted')).toBeChecked();
    expect(choice('Market Assistance Lite', 'No record')).toBeChecked();
    // A record whose feature no longer exists stays visible, so saving does not drop it unseen.
    expect(choice('retired-report', 'Denied')).toBeChecked();
    expect(screen.getByText('No longer a product feature')).toBeInTheDocument();
  });

  it('saves the whole edited list of access records with one PUT', async () => {
    const { requests } = userAccessApi();
    await screen.findByRole('heading', { level: 1, name: 'Uma User' });

    await userEvent.click(choice('Carrier Production', 'No record'));
    await userEvent.click(choice('Market Assistance Lite', 'Denied'));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save access' }));

    await waitFor(() =>
      expect(requests('PUT', ACCESS_PATH)).toEqual([
        {
          accessRecords: [
            { productComponentKey: 'pbi-market-assistance-lite', denyAccess: true },
            { productComponentKey: 'retired-report', denyAccess: true },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Access saved.')).toBeInTheDocument();
    // The page reloads the records after saving.
    expect(requests('GET', ACCESS_PATH)).toHaveLength(2);
    expect(choice('Market Assistance Lite', 'Denied')).toBeChecked();
  });

  it("shows the server's message when saving fails and keeps the edits", async () => {
    userAccessApi({
      save: {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'The access records are not valid.',
            fields: { accessRecords: 'Each feature may appear once.' },
          },
          referenceId: 'req-400',
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Uma User' });
    await userEvent.click(choice('Market Assistance Lite', 'Granted'));
    await userEvent.click(screen.getByRole('button', { name: 'Save access' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not save the access records');
    expect(alert).toHaveTextContent('The access records are not valid.');
    expect(alert).toHaveTextContent('Access records: Each feature may appear once.');
    expect(choice('Market Assistance Lite', 'Granted')).toBeChecked();
    expect(screen.queryByText('Access saved.')).not.toBeInTheDocument();
  });

  it('asks "Are you sure?" before revoking the sessions, then shows how many were revoked', async () => {
    const { requests } = userAccessApi();
    await screen.findByRole('heading', { level: 1, name: 'Uma User' });
    expect(screen.getByText('Active sessions: 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke sessions' }));
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('This signs Uma User out on every device.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests('POST', REVOKE_PATH)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke sessions' }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, revoke sessions' }));

    expect(await screen.findByText('Revoked 3 sessions.')).toBeInTheDocument();
    expect(requests('POST', REVOKE_PATH)).toEqual([REVOKE_PATH]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the user's MFA method, saves the methods they may use, and resets MFA after asking", async () => {
    const { requests } = userAccessApi();
    const section = await screen.findByRole('region', { name: 'Multi-factor sign-in' });
    expect(
      await within(section).findByText('Method: Authenticator app (set up; 9 recovery codes left)'),
    ).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('checkbox', { name: 'May use e-mail codes' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save MFA options' }));
    expect(await within(section).findByText('MFA options saved.')).toBeInTheDocument();
    expect(requests('PUT', MFA_PATH)).toMatchObject([{ allowEmailMFA: true, allowOptOutMFA: false }]);

    await userEvent.click(within(section).getByRole('button', { name: 'Reset MFA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent("This removes Uma User's multi-factor method");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, reset MFA' }));
    expect(await within(section).findByText('Method: Has not chosen a method')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Reset MFA' })).toBeDisabled();
  });

  it('keeps the dialog open with the server message when revoking fails', async () => {
    userAccessApi({
      revoke: {
        status: 500,
        body: {
          error: { code: 'internal', message: 'The server has encountered an error.' },
          referenceId: 'req-500',
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Uma User' });
    await userEvent.click(screen.getByRole('button', { name: 'Revoke sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, revoke sessions' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The server has encountered an error.');
    expect(alert).toHaveTextContent('Reference ID: req-500');
    expect(screen.queryByText(/^Revoked/)).not.toBeInTheDocument();
  });

  it('lets a 404 for an unknown user reach the route error page with its reference ID', async () => {
    // React reports the error its boundary caught.
    allowConsoleError();
    userAccessApi({
      access: {
        status: 404,
        body: { error: { code: 'not_found', message: 'There is no such user.' }, referenceId: 'req-404' },
      },
    });
    expect(await screen.findByText('Error 404: There is no such user. (req-404)')).toBeInTheDocument();
  });
});
