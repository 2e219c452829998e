import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollaborationModeDto } from '#shared/contracts/collaboration.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { ids, shellApi } from '#tests/support/shell-api.ts';
import { AppFrame } from '#client/app/app-frame.tsx';
import { AppLayout } from '#client/app/app-layout.tsx';
import { COLLABORATION_STORAGE_KEY } from './collaboration-state.ts';

afterEach(() => vi.unstubAllGlobals());

const CARRIER_NAMES = [
  'Acuity',
  'Auto-Owners',
  'Cincinnati',
  'EMC',
  'Erie',
  'Grinnell Mutual',
  'Hanover',
  'Met Life',
  'Nationwide',
  'Progressive',
  'Safeco',
  'Travelers',
];
const carriers = CARRIER_NAMES.map((name, i) => ({
  uuid: `aaaaaaaa-aaaa-4aaa-8aaa-${String(i + 1).padStart(12, '0')}`,
  name,
  isMga: i === 3,
  isCoreCarrier: i < 2,
}));
const uuidOf = (name: string) => carriers.find((c) => c.name === name)!.uuid;

/** Routes of the signed-in shell, with stand-ins for the pages so only the header is under test. */
const routes = [
  {
    path: '/',
    element: <AppFrame />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: 'production', element: <h1>Carrier Production</h1> },
          { path: 'helpDesk', element: <h1>Help</h1> },
        ],
      },
    ],
  },
];

type StartOptions = {
  path?: string;
  /** The session's mode on the server. */
  server?: CollaborationModeDto | null;
  /** Holds GET /api/carriers/onboarded until resolved. */
  carriersGate?: Promise<void>;
};

/** The shell's fake API plus a fake collaboration server that remembers the session's mode. */
async function start({ path = '/production', server = null, carriersGate }: StartOptions = {}) {
  const api = shellApi();
  let current = server;
  api.handlers['/api/collaboration'] = (init) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as { carriersUuid: string[]; shareType: 'names' | 'all' };
      current = {
        carriersUuid: body.carriersUuid,
        carriersName: body.carriersUuid.map((uuid) => carriers.find((c) => c.uuid === uuid)!.name),
        shareType: body.shareType,
      };
      return { status: 200, body: { collaboration: current } };
    }
    if (init?.method === 'DELETE') {
      current = null;
      return { status: 200, body: { ok: true } };
    }
    return { status: 200, body: { collaboration: current } };
  };
  api.handlers['/api/carriers/onboarded'] = () => ({ status: 200, body: { carriers } });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    carriersGate && typeof input === 'string' && input.startsWith('/api/carriers/onboarded')
      ? carriersGate.then(() => api.fetchImpl(input, init))
      : api.fetchImpl(input, init),
  );
  const rendered = renderRoutes(routes, path);
  await screen.findByTestId('organisation-name');
  await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/collaboration'));
  return { api, ...rendered };
}

const profileMenuButton = () => screen.getByRole('button', { name: /Profile menu for/ });
const activeButton = () => screen.queryByRole('button', { name: 'Collaboration mode active' });

async function profileMenuItems() {
  await userEvent.click(profileMenuButton());
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
}

async function openEntryDialog() {
  await userEvent.click(profileMenuButton());
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Enter Collaboration Mode' }));
  return screen.findByRole('dialog', { name: 'Enter collaboration mode' });
}

const collaborationCalls = (api: ReturnType<typeof shellApi>, method: string) =>
  api.calls.filter((c) => c.url === '/api/collaboration' && c.init?.method === method);

const active: CollaborationModeDto = {
  carriersUuid: [uuidOf('Acuity'), uuidOf('Erie')],
  carriersName: ['Acuity', 'Erie'],
  shareType: 'names',
};

describe('the profile menu', () => {
  it('offers Enter Collaboration Mode on the production path while not collaborating', async () => {
    await start({ path: '/production' });
    expect(await profileMenuItems()).toEqual([
      'My Profile',
      'Enter Collaboration Mode',
      'Admin Portal (opens in a new tab)',
      'My subscription',
      'Log Out',
      'Help Portal (opens in a new tab)',
    ]);
    expect(activeButton()).not.toBeInTheDocument();
  });

  it('does not offer it on other paths', async () => {
    await start({ path: '/helpDesk' });
    expect(await profileMenuItems()).not.toContain('Enter Collaboration Mode');
  });

  it('does not offer it while collaborating, when the header shows the active menu instead', async () => {
    await start({ path: '/production', server: active });
    await waitFor(() => expect(activeButton()).toBeInTheDocument());
    expect(await profileMenuItems()).not.toContain('Enter Collaboration Mode');
  });
});

describe('the entry dialog', () => {
  it('lists the carriers of the current level and keeps Enter disabled while they load', async () => {
    let release = () => {};
    const carriersGate = new Promise<void>((resolve) => (release = resolve));
    const { api } = await start({ carriersGate });
    const dialog = await openEntryDialog();
    expect(within(dialog).getByRole('button', { name: 'Enter' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Loading carriers')).toBeInTheDocument();

    release();
    await within(dialog).findByRole('checkbox', { name: 'Acuity' });
    expect(api.calls.map((c) => c.url)).toContain(`/api/carriers/onboarded?levelUuid=${ids.agency}`);
    expect(within(dialog).getByRole('button', { name: 'Enter' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Acuity' }));
    expect(within(dialog).getByRole('button', { name: 'Enter' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Acuity' }));
    expect(within(dialog).getByRole('button', { name: 'Enter' })).toBeDisabled();
  });

  it('pages the carriers 5, 10 or 25 at a time, and searches them', async () => {
    await start();
    const dialog = await openEntryDialog();
    await within(dialog).findByRole('checkbox', { name: 'Acuity' });
    const rowsPerPage = within(dialog).getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(rowsPerPage)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '25']);
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(5);
    expect(within(dialog).getByText('Showing 1–5 of 12 carriers')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Page 3' }));
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual([uuidOf('Safeco'), uuidOf('Travelers')]);

    await userEvent.selectOptions(rowsPerPage, '10');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(10);
    await userEvent.selectOptions(rowsPerPage, '25');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(12);
    expect(within(dialog).queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search carriers' }), 'mut');
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual([uuidOf('Grinnell Mutual')]);
  });

  it('selects every carrier, or every carrier found, in one click, and clears the selection', async () => {
    await start();
    const dialog = await openEntryDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Select all 12' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Selected \(12\):/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear selection' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('No carriers selected.');

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Acuity' }));
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search carriers' }), 'in');
    const found = within(dialog).getByRole('button', { name: /^Select the \d+ found$/ });
    const count = Number(/\d+/.exec(found.textContent ?? '')![0]);
    await userEvent.click(found);
    // What was chosen before the search stays chosen.
    expect(within(dialog).getByRole('status')).toHaveTextContent(`Selected (${count + 1}): Acuity, `);
    expect(found).toBeDisabled();
  });

  it('enters with the chosen carriers and what to hide, keeps the mode in session storage and refetches reports', async () => {
    const { api, queryClient } = await start();
    queryClient.setQueryData(['core-production', 'by-carrier'], { carriers: {} });
    const dialog = await openEntryDialog();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Acuity' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Hanover' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Selected (2): Acuity, Hanover');
    expect(within(dialog).getByRole('radio', { name: 'Hide carrier names' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Show only these carriers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enter' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [put] = collaborationCalls(api, 'PUT');
    expect(JSON.parse(put!.init!.body as string)).toEqual({
      carriersUuid: [uuidOf('Acuity'), uuidOf('Hanover')],
      shareType: 'all',
    });
    expect(JSON.parse(sessionStorage.getItem(COLLABORATION_STORAGE_KEY)!)).toEqual({
      carriersUuid: [uuidOf('Acuity'), uuidOf('Hanover')],
      carriersName: ['Acuity', 'Hanover'],
      shareType: 'all',
    });
    expect(activeButton()).toBeInTheDocument();
    expect(queryClient.getQueryState(['core-production', 'by-carrier'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['user'])?.isInvalidated).toBe(false);
    expect(await profileMenuItems()).not.toContain('Enter Collaboration Mode');
  });

  it("shows the server's message when entering fails, and stays open", async () => {
    const { api } = await start();
    api.handlers['/api/collaboration'] = () => ({
      status: 400,
      body: { error: { code: 'validation', message: 'Choose at least one carrier.' }, referenceId: 'r-400' },
    });
    const dialog = await openEntryDialog();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Erie' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enter' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not enter collaboration mode');
    expect(alert).toHaveTextContent('Choose at least one carrier.');
    expect(alert).toHaveTextContent('Reference ID: r-400');
    expect(sessionStorage.getItem(COLLABORATION_STORAGE_KEY)).toBeNull();
    expect(activeButton()).not.toBeInTheDocument();
  });

  it('closes on Cancel without calling the server', async () => {
    const { api } = await start();
    const dialog = await openEntryDialog();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Erie' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(collaborationCalls(api, 'PUT')).toEqual([]);
  });
});

describe('while collaborating', () => {
  async function openActiveMenu() {
    await waitFor(() => expect(activeButton()).toBeInTheDocument());
    await userEvent.click(activeButton()!);
    return screen.findAllByRole('menuitem');
  }

  it('offers Exit collaboration mode and Collaboration mode settings', async () => {
    await start({ server: active });
    const items = await openActiveMenu();
    expect(items.map((item) => item.textContent)).toEqual([
      'Exit collaboration mode',
      'Collaboration mode settings',
    ]);
  });

  it('asks for confirmation before exiting, then resets to no carriers with names hidden', async () => {
    const { api, queryClient } = await start({ server: active });
    await waitFor(() => expect(sessionStorage.getItem(COLLABORATION_STORAGE_KEY)).not.toBeNull());
    queryClient.setQueryData(['core-production', 'by-carrier'], { carriers: {} });

    await userEvent.click((await openActiveMenu())[0]!);
    let confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(collaborationCalls(api, 'DELETE')).toEqual([]);
    expect(activeButton()).toBeInTheDocument();

    await userEvent.click((await openActiveMenu())[0]!);
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('This exits collaboration mode.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, exit collaboration mode' }));

    await waitFor(() => expect(activeButton()).not.toBeInTheDocument());
    expect(collaborationCalls(api, 'DELETE')).toHaveLength(1);
    expect(sessionStorage.getItem(COLLABORATION_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryState(['core-production', 'by-carrier'])?.isInvalidated).toBe(true);

    const dialog = await openEntryDialog();
    await within(dialog).findByRole('checkbox', { name: 'Acuity' });
    expect(within(dialog).queryAllByRole('checkbox', { checked: true })).toEqual([]);
    expect(within(dialog).getByRole('radio', { name: 'Hide carrier names' })).toBeChecked();
  });

  it('reopens the dialog with the current selection and applies changes', async () => {
    const { api } = await start({ server: { ...active, shareType: 'all' } });
    await userEvent.click((await openActiveMenu())[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Collaboration mode settings' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Acuity' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Erie' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Auto-Owners' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Show only these carriers' })).toBeChecked();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Erie' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Hide carrier names' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(collaborationCalls(api, 'PUT')[0]!.init!.body as string)).toEqual({
      carriersUuid: [uuidOf('Acuity')],
      shareType: 'names',
    });
    expect(activeButton()).toBeInTheDocument();
  });

  it('asks for confirmation when every carrier is deselected in the settings', async () => {
    const { api } = await start({ server: active });
    await userEvent.click((await openActiveMenu())[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Collaboration mode settings' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Acuity' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Erie' }));
    expect(
      within(dialog).getByText('Applying without carriers exits collaboration mode.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(collaborationCalls(api, 'PUT')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, exit collaboration mode' }));
    await waitFor(() => expect(activeButton()).not.toBeInTheDocument());
    expect(collaborationCalls(api, 'DELETE')).toHaveLength(1);
    expect(collaborationCalls(api, 'PUT')).toEqual([]);
  });
});

describe('the session-storage copy', () => {
  it('shows the stored mode at once and follows the server when it disagrees', async () => {
    sessionStorage.setItem(COLLABORATION_STORAGE_KEY, JSON.stringify(active));
    await start({ server: null });
    await waitFor(() => expect(activeButton()).not.toBeInTheDocument());
    expect(sessionStorage.getItem(COLLABORATION_STORAGE_KEY)).toBeNull();
  });

  it("stores the server's mode on load", async () => {
    await start({ server: active });
    await waitFor(() => expect(activeButton()).toBeInTheDocument());
    expect(JSON.parse(sessionStorage.getItem(COLLABORATION_STORAGE_KEY)!)).toEqual(active);
  });
});
