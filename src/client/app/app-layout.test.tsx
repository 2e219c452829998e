import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#tests/support/render.tsx';
import {
  agencyUser,
  ids,
  networkUser,
  shellApi,
  staffUser,
  type ShellApiOptions,
} from '#tests/support/shell-api.ts';
import { AppFrame } from './app-frame.tsx';
import { useLevel } from './level.ts';
import { appRoutes } from './router.tsx';

/** The sidebar of an agency user with Carrier Production, top to bottom. */
const AGENCY_SIDEBAR = [
  'Carrier Production',
  'Performance Charts',
  'Planning Tool',
  'Profit Sharing',
  'Monthly Close',
  'Benchmarks',
  'Manual Carrier Entry',
  'Users',
  // The owner of the fixture is the subscriber's primary user, who sees their subscription.
  'My subscription',
  'Customer Accounts (opens in a new tab)',
  'My Profile',
  'Help',
  'Log Out',
];

const originalWidth = window.innerWidth;

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: originalWidth });
});

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

async function startShell(options: ShellApiOptions = {}, path = '/helpDesk') {
  const api = shellApi(options);
  vi.stubGlobal('fetch', api.fetchImpl);
  const rendered = renderRoutes(appRoutes, path);
  await screen.findByTestId('organisation-name');
  // The sidebar's links come with the answers they depend on.
  await within(navigation()).findByRole('link', { name: 'Help' });
  return { api, ...rendered };
}

const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });
const toggle = () => screen.getByRole('button', { name: 'Toggle navigation' });
const sidebarLinkNames = () =>
  within(navigation())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the sidebar', () => {
  it('draws its links all at once, when every answer they depend on has come', async () => {
    setWindowWidth(1920);
    const api = shellApi({ user: agencyUser });
    let answerPermissions = () => {};
    const permissionsAnswered = new Promise<void>((resolve) => (answerPermissions = resolve));
    let permissionsAsked = false;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input === '/api/clarity/user') {
        permissionsAsked = true;
        await permissionsAnswered;
      }
      return api.fetchImpl(input, init);
    });
    renderRoutes(appRoutes, '/helpDesk');
    await screen.findByTestId('organisation-name');
    // Every other answer has come: the features, flags and configuration.
    await waitFor(() => expect(permissionsAsked).toBe(true));
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/akpi-env'));
    expect(navigation()).toHaveAttribute('aria-busy', 'true');
    expect(within(navigation()).queryAllByRole('link')).toEqual([]);
    answerPermissions();
    await waitFor(() => expect(sidebarLinkNames()).toEqual(AGENCY_SIDEBAR));
    expect(navigation()).not.toHaveAttribute('aria-busy');
  });

  it('starts collapsed on windows narrower than 1900 px, with every link still named', async () => {
    setWindowWidth(1280);
    await startShell();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(within(navigation()).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/helpDesk');
    expect(within(navigation()).getByRole('link', { name: 'Log Out' })).toHaveAttribute('href', '/logout');
  });

  it('names each link of the collapsed sidebar in a tooltip on hover, loaded on the first one', async () => {
    setWindowWidth(1280);
    await startShell();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.hover(within(navigation()).getByRole('link', { name: 'Help' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Help');
  });

  it('starts expanded on windows at least 1900 px wide', async () => {
    setWindowWidth(1920);
    await startShell();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });

  it("follows the user's stored choice over the window width, and remembers a new one", async () => {
    setWindowWidth(1280);
    localStorage.setItem('understanding.navExpanded', 'true');
    await startShell();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem('understanding.navExpanded')).toBe('false');
  });

  it('remembers a choice made on a wide window', async () => {
    setWindowWidth(2000);
    await startShell();
    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem('understanding.navExpanded')).toBe('false');
  });

  it('lists Carrier Production, My Profile, Help and Log Out for agency users, and marks the current page', async () => {
    setWindowWidth(1920);
    await startShell({ user: agencyUser });
    await waitFor(() => expect(sidebarLinkNames()).toEqual(AGENCY_SIDEBAR));
    expect(within(navigation()).getByRole('link', { name: 'Carrier Production' })).toHaveAttribute(
      'href',
      '/production',
    );
    expect(within(navigation()).getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'href',
      `/my-profile/${agencyUser.id}`,
    );
    expect(within(navigation()).getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
  });

  it('adds Access admin for internal staff', async () => {
    setWindowWidth(1920);
    await startShell({ user: staffUser });
    await waitFor(() =>
      expect(sidebarLinkNames()).toEqual([
        'Carrier Production',
        // Internal users open every report of the catalogues.
        'Agency Production',
        'Market Assistance',
        'Market Assistance Lite',
        'Market Assistance (Unaffiliated)',
        'Revenue Tuner',
        'Revenue Tuner (Unaffiliated)',
        'Retention',
        'Lift Analysis',
        'Cross-Sell',
        'Revenue Variance',
        'AMS Data Health',
        'Performance Charts',
        'Planning Tool',
        'Profit Sharing',
        'Monthly Close',
        'Benchmarks',
        'Early Warning',
        'Manual Carrier Entry',
        'My Profile',
        'Help',
        'Access admin',
        'Log Out',
      ]),
    );
  });

  it('adds Growth Plan Measurement and AI Chat with their flags and the upload portal with the upload permission, opening new tabs', async () => {
    setWindowWidth(1920);
    await startShell({
      flags: { aiChat: true, growthMeasurement: true },
      permissions: ['clarity:access:basic'],
    });
    await waitFor(() =>
      expect(sidebarLinkNames()).toEqual([
        'Carrier Production',
        'Performance Charts',
        'Planning Tool',
        'Profit Sharing',
        'Monthly Close',
        'Benchmarks',
        'Growth Plan Measurement',
        'AI Chat (opens in a new tab)',
        'Upload Data (opens in a new tab)',
        'Manual Carrier Entry',
        'Users',
        'My subscription',
        'Customer Accounts (opens in a new tab)',
        'My Profile',
        'Help',
        'Log Out',
      ]),
    );
    const aiChat = within(navigation()).getByRole('link', { name: /AI Chat/ });
    expect(aiChat).toHaveAttribute('href', 'https://chat.example.test');
    expect(aiChat).toHaveAttribute('target', '_blank');
  });

  it('treats a 403 from the upload portal as no permissions', async () => {
    setWindowWidth(1920);
    const { api } = await startShell({ permissions: 'forbidden' });
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/clarity/user'));
    await waitFor(() => expect(sidebarLinkNames()).toEqual(AGENCY_SIDEBAR));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the header', () => {
  it('loads a menu when its button gets the keyboard focus, keeping the focus there, and opens it with Enter', async () => {
    await startShell({ user: agencyUser });
    const standIn = screen.getByRole('button', { name: /Profile menu for Olive Owner/ });
    expect(standIn).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();

    standIn.focus();
    // The menu (a deferred part) replaces the stand-in, and its button takes the focus over.
    await waitFor(() => expect(standIn).not.toBeInTheDocument());
    const button = screen.getByRole('button', { name: /Profile menu for Olive Owner/ });
    expect(button).toHaveFocus();
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();

    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'My Profile' })).toBeInTheDocument();
  });

  it('names the agency for agency users', async () => {
    await startShell({ user: agencyUser });
    expect(screen.getByTestId('organisation-name')).toHaveTextContent('Prairie Oak Insurance Agency');
  });

  it('names the network for network users', async () => {
    await startShell({ user: networkUser });
    expect(screen.getByTestId('organisation-name')).toHaveTextContent('Heartland Agency Alliance');
  });

  it('offers admins My Profile, the Admin Portal, Log Out and the Help Portal in the profile menu', async () => {
    await startShell({ user: agencyUser });
    await userEvent.click(screen.getByRole('button', { name: /Profile menu for Olive Owner/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'My Profile',
      'Admin Portal (opens in a new tab)',
      // The primary user's own subscription.
      'My subscription',
      'Log Out',
      'Help Portal (opens in a new tab)',
    ]);
    expect(items[0]).toHaveAttribute('href', `/my-profile/${agencyUser.id}`);
    expect(items[1]).toHaveAttribute('href', 'https://portal.example.test/admin?tenant=agency');
    expect(items[2]).toHaveAttribute('href', `/my-subscription/${agencyUser.agency!.uuid}`);
    expect(items[3]).toHaveAttribute('href', '/logout');
  });

  it("shows an unread dot on What's new until the newest entry has been seen", async () => {
    await startShell();
    const button = await screen.findByRole('button', { name: "What's new (unread news)" });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: "What's new" });
    expect(within(dialog).getByText('2026-03-02')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Faster reports' })).toBeInTheDocument();
    expect(within(dialog).getByText('Carrier production opens in half the time.')).toBeInTheDocument();
    expect(localStorage.getItem('understanding.whatsNewSeen')).toBe('88888888-8888-4888-8888-888888888888');
    expect(screen.getByRole('button', { name: "What's new" })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows no dot when the newest entry was seen before', async () => {
    localStorage.setItem('understanding.whatsNewSeen', '88888888-8888-4888-8888-888888888888');
    await startShell();
    await waitFor(() => expect(screen.getByRole('button', { name: "What's new" })).toBeInTheDocument());
  });
});

describe('the level picker', () => {
  it('is not shown to agency users, whose level is their agency', async () => {
    await startShell({ user: agencyUser });
    expect(screen.queryByRole('combobox', { name: /Report level/ })).not.toBeInTheDocument();
  });

  it('lets network users choose their network or one of its agencies, kept in ?level=', async () => {
    const { router } = await startShell({ user: networkUser });
    const standIn = screen.getByRole('combobox', { name: /Report level/ });
    await waitFor(() => expect(standIn).toHaveValue('Heartland Agency Alliance (all agencies)'));

    // The searchable list loads on first use and takes the stand-in's place, opened and focused.
    await userEvent.click(standIn);
    await waitFor(() => expect(standIn).not.toBeInTheDocument());
    const picker = screen.getByRole('combobox', { name: /Report level/ });
    expect(picker).toHaveFocus();
    expect(picker).toHaveValue('Heartland Agency Alliance (all agencies)');
    await userEvent.clear(picker);
    await userEvent.type(picker, 'cedar');
    await userEvent.click(await screen.findByRole('option', { name: 'Cedar Ridge Insurance - Omaha - NE' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?level=${ids.otherAgency}`));
    expect(picker).toHaveValue('Cedar Ridge Insurance - Omaha - NE');
  });
});

describe('useLevel', () => {
  function LevelProbe() {
    return <p data-testid="level">{useLevel() ?? 'none'}</p>;
  }
  const routes = [
    { path: '/', element: <AppFrame />, children: [{ path: 'probe', element: <LevelProbe /> }] },
  ];

  async function levelAt(path: string, options: ShellApiOptions) {
    vi.stubGlobal('fetch', shellApi(options).fetchImpl);
    renderRoutes(routes, path);
    const probe = await screen.findByTestId('level');
    await waitFor(() => expect(probe).not.toHaveTextContent('none'));
    return probe.textContent;
  }

  it("is the agency user's agency, whatever the URL says", async () => {
    expect(await levelAt(`/probe?level=${ids.otherAgency}`, { user: agencyUser })).toBe(ids.agency);
  });

  it("is the network user's network by default", async () => {
    expect(await levelAt('/probe', { user: networkUser })).toBe(ids.network);
  });

  it('is the level named in the URL when the user may choose it', async () => {
    expect(await levelAt(`/probe?level=${ids.otherAgency}`, { user: networkUser })).toBe(ids.otherAgency);
  });

  it('ignores a level the user may not choose', async () => {
    const elsewhere = '99999999-9999-4999-8999-999999999999';
    expect(await levelAt(`/probe?level=${elsewhere}`, { user: networkUser })).toBe(ids.network);
  });

  it('is the first network for internal staff, who belong to none', async () => {
    expect(await levelAt('/probe', { user: staffUser })).toBe(ids.network);
  });
});
