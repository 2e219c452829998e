import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminFeatureFlag, AdminUser } from '#shared/contracts/admin.ts';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { adminRoutes } from './routes.tsx';

const AGENCY_UUID = '4b0a4a49-5f9c-4a57-8d3e-0c1f8a2b6d11';
const USER_UUID = '9d7e2c1a-3b4f-4e6a-9c8d-1f2e3a4b5c6d';

const agencyUser: AdminUser = {
  userUuid: USER_UUID,
  name: 'Uma User',
  email: 'user@understanding.test',
  userType: 'agency',
  organisation: 'Prairie Oak Insurance Agency',
  isActive: true,
  activeSessions: 2,
};

function initialFlags(): AdminFeatureFlag[] {
  return [
    {
      key: 'growthMeasurement',
      title: 'Growth Plan Measurement',
      enabled: false,
      targets: [
        {
          targetType: 'agency',
          targetUuid: AGENCY_UUID,
          label: 'Prairie Oak Insurance Agency',
          enabled: true,
        },
      ],
    },
    { key: 'aiChat', title: 'AI Chat', enabled: true, targets: [] },
  ];
}

type Reply = { status: number; body: unknown };
const ok: Reply = { status: 200, body: {} };

/**
 * The admin API as the page sees it: flags kept in memory so a refetch shows what a PUT changed, and
 * each PUT answered by `onPut` (success unless a test says otherwise).
 */
function adminApi(onPut: (path: string, body: unknown) => Reply = () => ok) {
  const flags = initialFlags();
  const put = (path: string) => (init?: RequestInit) => {
    const body: unknown = JSON.parse(init!.body as string);
    const reply = onPut(path, body);
    if (reply.status === 200 && path.endsWith('/growthMeasurement'))
      flags[0]!.enabled = (body as { enabled: boolean }).enabled;
    return reply;
  };
  const { fetchImpl, calls } = fakeFetch({
    '/api/admin/feature-flags': () => ({ status: 200, body: { flags } }),
    '/api/admin/feature-flags/growthMeasurement': put('/api/admin/feature-flags/growthMeasurement'),
    '/api/admin/feature-flags/growthMeasurement/targets': put(
      '/api/admin/feature-flags/growthMeasurement/targets',
    ),
    '/api/admin/users': () => ({ status: 200, body: { users: [agencyUser] } }),
  });
  vi.stubGlobal('fetch', fetchImpl);
  renderRoutes([{ path: '/', children: adminRoutes }], '/admin/access');
  const requests = (method: string, path: string) =>
    calls
      .filter((c) => (c.init?.method ?? 'GET') === method && c.url.split('?')[0] === path)
      .map((c) => (c.init?.body ? (JSON.parse(c.init.body as string) as unknown) : c.url));
  return { requests };
}

describe('AdminAccessPage: feature flags', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns a flag on by default with PUT {enabled} and shows the refetched value', async () => {
    const { requests } = adminApi();
    const toggle = await screen.findByRole('switch', { name: 'Growth Plan Measurement on by default' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'AI Chat on by default' })).toBeChecked();

    await userEvent.click(toggle);

    await waitFor(() =>
      expect(requests('PUT', '/api/admin/feature-flags/growthMeasurement')).toEqual([{ enabled: true }]),
    );
    await waitFor(() => expect(requests('GET', '/api/admin/feature-flags')).toHaveLength(2));
    await waitFor(() => expect(toggle).toBeChecked());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message, field errors and reference ID when the change fails", async () => {
    adminApi(() => ({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'The flag was changed by someone else.',
          fields: { enabled: 'Reload and try again.' },
        },
        referenceId: 'req-409',
      },
    }));
    const toggle = await screen.findByRole('switch', { name: 'Growth Plan Measurement on by default' });
    await userEvent.click(toggle);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not turn Growth Plan Measurement on by default');
    expect(alert).toHaveTextContent('The flag was changed by someone else.');
    expect(alert).toHaveTextContent('enabled: Reload and try again.');
    expect(alert).toHaveTextContent('Reference ID: req-409');
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('removes a target with enabled: null', async () => {
    const { requests } = adminApi();
    const remove = await screen.findByRole('button', {
      name: 'Remove Prairie Oak Insurance Agency from Growth Plan Measurement',
    });
    await userEvent.click(remove);
    await waitFor(() =>
      expect(requests('PUT', '/api/admin/feature-flags/growthMeasurement/targets')).toEqual([
        { targetType: 'agency', targetUuid: AGENCY_UUID, enabled: null },
      ]),
    );
  });

  it('adds a target for a user chosen from the user search', async () => {
    const { requests } = adminApi();
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search users' }), 'user@');
    await waitFor(() =>
      expect(requests('GET', '/api/admin/users')).toContain('/api/admin/users?search=user%40'),
    );
    const row = (await screen.findByRole('link', { name: 'Uma User' })).closest('tr')!;

    await userEvent.click(within(row).getByRole('button', { name: 'Target this user: Uma User' }));
    const flagField = screen.getByRole('combobox', { name: 'Flag' });
    expect(flagField).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Target type' })).toHaveValue('user');
    expect(screen.getByRole('textbox', { name: 'Target UUID' })).toHaveValue(USER_UUID);
    expect(screen.getByText('Uma User (user@understanding.test)')).toBeInTheDocument();

    await userEvent.selectOptions(flagField, 'Growth Plan Measurement');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Value' }), 'Off');
    await userEvent.click(screen.getByRole('button', { name: 'Add target' }));

    await waitFor(() =>
      expect(requests('PUT', '/api/admin/feature-flags/growthMeasurement/targets')).toEqual([
        { targetType: 'user', targetUuid: USER_UUID, enabled: false },
      ]),
    );
    expect(await screen.findByText('Growth Plan Measurement is now off for Uma User.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Target UUID' })).toHaveValue('');
  });

  it('refuses a target UUID that is not a UUID before calling the server', async () => {
    const { requests } = adminApi();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Target UUID' }), 'prairie-oak');
    await userEvent.click(screen.getByRole('button', { name: 'Add target' }));
    expect(await screen.findByText('Choose a user, network or agency.')).toBeInTheDocument();
    expect(requests('PUT', '/api/admin/feature-flags/growthMeasurement/targets')).toEqual([]);
  });

  it("shows the server's field message beside the target field", async () => {
    adminApi((path) =>
      path.endsWith('/targets')
        ? {
            status: 400,
            body: {
              error: {
                code: 'validation',
                message: 'The target could not be saved.',
                fields: { targetUuid: 'No network has this UUID.' },
              },
              referenceId: 'req-400',
            },
          }
        : ok,
    );
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Target type' }), 'Network');
    await userEvent.type(screen.getByRole('textbox', { name: 'Target UUID' }), AGENCY_UUID);
    await userEvent.click(screen.getByRole('button', { name: 'Add target' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The target could not be saved.');
    expect(alert).toHaveTextContent('Target UUID: No network has this UUID.');
    expect(screen.getByRole('textbox', { name: 'Target UUID' })).toHaveAccessibleDescription(
      expect.stringContaining('No network has this UUID.') as string,
    );
  });
});

describe('AdminAccessPage: users', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches once the typing pauses and links each user to their access page', async () => {
    const { requests } = adminApi();
    const search = await screen.findByRole('searchbox', { name: 'Search users' });
    await userEvent.type(search, 'user@');
    await waitFor(() =>
      expect(requests('GET', '/api/admin/users')).toEqual([
        '/api/admin/users?search=',
        '/api/admin/users?search=user%40',
      ]),
    );

    const table = within(screen.getByRole('region', { name: 'Users' })).getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Type', 'Organisation', 'Active sessions', 'Feature flags']);
    const row = screen.getByRole('link', { name: 'Uma User' }).closest('tr')!;
    expect(screen.getByRole('link', { name: 'Uma User' })).toHaveAttribute(
      'href',
      `/admin/users/${USER_UUID}`,
    );
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Uma User',
      'user@understanding.test',
      'Agency',
      'Prairie Oak Insurance Agency',
      '2',
      'Target this user',
    ]);
  });
});
