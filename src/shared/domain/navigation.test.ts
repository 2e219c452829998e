import { describe, expect, it } from 'vitest';
import {
  isInternalUser,
  isProductionPath,
  joinUrl,
  myProfilePath,
  profileMenuLinks,
  sidebarLinks,
  type NavigationInput,
  type NavigationUser,
  type ProfileMenuInput,
} from './navigation.ts';

const agencyUser: NavigationUser = {
  id: 'a1',
  userType: 'agency',
  isInternal: false,
  isAdmin: false,
  agency: { uuid: 'a' },
};
const agencyAdmin: NavigationUser = { ...agencyUser, isAdmin: true };
const networkUser: NavigationUser = {
  id: 'n1',
  userType: 'network',
  isInternal: false,
  isAdmin: false,
  agency: null,
};
const staff: NavigationUser = {
  id: 's1',
  userType: 'internal',
  isInternal: true,
  isAdmin: false,
  agency: null,
};

const config = {
  aiChatUrl: 'https://chat.example.test',
  uploadPortalUrl: 'https://portal.example.test/',
  helpSiteUrl: 'https://help.example.test',
};

function input(overrides: Partial<NavigationInput> = {}): NavigationInput {
  return { user: agencyUser, features: {}, flags: {}, permissions: [], config, ...overrides };
}

/** The profile menu's input: away from the production path and not collaborating, unless overridden. */
function menuInput(overrides: Partial<ProfileMenuInput> = {}): ProfileMenuInput {
  return { ...input(overrides), pathname: '/helpDesk', collaborating: false, ...overrides };
}

const keys = (links: { key: string }[]) => links.map((l) => l.key);

describe('sidebarLinks', () => {
  it('gives every user My Profile, Help and Log Out, in that order, and agency users Manual Carrier Entry and Users first', () => {
    expect(sidebarLinks(input())).toEqual([
      {
        key: 'manual-entry',
        label: 'Manual Carrier Entry',
        icon: 'manual-entry',
        href: '/billingcarriers',
        external: false,
      },
      { key: 'users', label: 'Users', icon: 'users', href: '/users', external: false },
      {
        key: 'my-subscription',
        label: 'My subscription',
        icon: 'my-subscription',
        href: '/my-subscription/a',
        external: false,
      },
      {
        key: 'customer-accounts',
        label: 'Customer Accounts',
        icon: 'customer-accounts',
        href: 'https://portal.example.test/customer-accounts',
        external: true,
      },
      { key: 'my-profile', label: 'My Profile', icon: 'my-profile', href: '/my-profile/a1', external: false },
      { key: 'help', label: 'Help', icon: 'help', href: '/helpDesk', external: false },
      { key: 'logout', label: 'Log Out', icon: 'logout', href: '/logout', external: false },
    ]);
    expect(keys(sidebarLinks(input({ user: networkUser })))).toEqual(['my-profile', 'help', 'logout']);
  });

  it('gives My subscription to agency users who are not admins (spec part 2 §6)', () => {
    expect(keys(sidebarLinks(input()))).toContain('my-subscription');
    expect(keys(sidebarLinks(input({ user: agencyAdmin })))).not.toContain('my-subscription');
    expect(keys(sidebarLinks(input({ user: networkUser })))).not.toContain('my-subscription');
    expect(keys(sidebarLinks(input({ user: staff })))).not.toContain('my-subscription');
    // The subscriber's primary user keeps it as an owner or administrator (they rename the agency there).
    const primaryOwner = { ...agencyAdmin, isPrimaryUserOfSubscriber: true };
    expect(
      sidebarLinks(input({ user: primaryOwner })).find((l) => l.key === 'my-subscription'),
    ).toMatchObject({
      href: '/my-subscription/a',
    });
  });

  it('puts Carrier Production first for users with its feature', () => {
    expect(sidebarLinks(input({ features: { cpr: true } }))[0]).toEqual({
      key: 'production',
      label: 'Carrier Production',
      icon: 'production',
      href: '/production',
      external: false,
    });
    expect(keys(sidebarLinks(input({ features: { cpr: false } })))).not.toContain('production');
  });

  it('links Benchmarks for users with the cpr permission, and Early Warning for network users and staff only', () => {
    const cpr = { features: { cpr: true } };
    expect(keys(sidebarLinks(input(cpr)))).toContain('benchmarks');
    expect(keys(sidebarLinks(input(cpr)))).not.toContain('early-warning');
    expect(keys(sidebarLinks(input({ ...cpr, user: networkUser })))).toEqual(
      expect.arrayContaining(['benchmarks', 'early-warning']),
    );
    expect(keys(sidebarLinks(input({ ...cpr, user: staff })))).toContain('early-warning');
    expect(keys(sidebarLinks(input({ features: { cpr: false }, user: networkUser })))).not.toContain(
      'benchmarks',
    );
  });

  it('links Performance Charts after Carrier Production, for users with the cpr permission only', () => {
    expect(keys(sidebarLinks(input({ features: { cpr: true } }))).slice(0, 2)).toEqual([
      'production',
      'dataviz',
    ]);
    expect(keys(sidebarLinks(input({ features: { cpr: false } })))).not.toContain('dataviz');
    expect(keys(sidebarLinks(input({ user: networkUser, features: {} })))).not.toContain('dataviz');
  });

  it('adds Access admin for internal staff only', () => {
    const links = sidebarLinks(input({ user: staff }));
    expect(keys(links).filter((key) => !key.startsWith('report:'))).toEqual([
      'manual-entry',
      'my-profile',
      'help',
      'access-admin',
      'logout',
    ]);
    expect(links.find((l) => l.key === 'access-admin')).toMatchObject({
      href: '/admin/access',
      external: false,
    });
    expect(keys(sidebarLinks(input({ user: agencyAdmin })))).not.toContain('access-admin');
  });

  it('links the report pages the user may open, or whose teaser they may see, after Carrier Production', () => {
    const links = sidebarLinks(
      input({ features: { cpr: true, pbiAgencyProduction: true, pbiMarketAssistanceTeaser: true } }),
    );
    expect(links.slice(0, 7)).toEqual([
      {
        key: 'production',
        label: 'Carrier Production',
        icon: 'production',
        href: '/production',
        external: false,
      },
      {
        key: 'report:/agency-production',
        label: 'Agency Production',
        icon: 'agency-production',
        href: '/agency-production',
        external: false,
      },
      {
        key: 'report:/market-assistance',
        label: 'Market Assistance',
        icon: 'market-assistance',
        href: '/market-assistance',
        external: false,
      },
      // Performance Charts and the planning tool follow the reports, for users with cpr (decision 017).
      {
        key: 'dataviz',
        label: 'Performance Charts',
        icon: 'performance-charts',
        href: '/dataviz',
        external: false,
      },
      { key: 'planning', label: 'Planning Tool', icon: 'planning', href: '/planning', external: false },
      {
        key: 'profit-sharing',
        label: 'Profit Sharing',
        icon: 'profit-sharing',
        href: '/profit-sharing',
        external: false,
      },
      // The monthly close follows, for the same users (decision 070).
      {
        key: 'monthly-close',
        label: 'Monthly Close',
        icon: 'monthly-close',
        href: '/monthly-close',
        external: false,
      },
    ]);
    expect(keys(sidebarLinks(input({ features: {} })))).not.toContain('planning');
    expect(keys(sidebarLinks(input({ features: {} })))).not.toContain('monthly-close');
    expect(keys(sidebarLinks(input({ features: {} })))).not.toContain('profit-sharing');
    // Internal staff open every report.
    expect(keys(sidebarLinks(input({ user: staff })))).toContain('report:/revenue-variance');
  });

  it('gives every link its own icon, so the collapsed sidebar can be told apart', () => {
    for (const user of [staff, networkUser, agencyUser, agencyAdmin]) {
      const links = sidebarLinks(
        input({
          user,
          features: { cpr: true, pbiAgencyProduction: true, pbiMarketAssistanceTeaser: true },
          flags: { growthMeasurement: true, aiChat: true },
          permissions: ['clarity:access:basic'],
        }),
      );
      const icons = links.map((link) => link.icon);
      expect(links.length).toBeGreaterThan(8);
      expect(new Set(icons).size, icons.join(', ')).toBe(icons.length);
    }
  });

  it('shows Customer Accounts to agency users, and to internal users with the upload permission', () => {
    expect(keys(sidebarLinks(input()))).toContain('customer-accounts');
    expect(keys(sidebarLinks(input({ user: staff })))).not.toContain('customer-accounts');
    expect(keys(sidebarLinks(input({ user: staff, permissions: ['clarity:access:basic'] })))).toContain(
      'customer-accounts',
    );
    expect(keys(sidebarLinks(input({ user: networkUser })))).not.toContain('customer-accounts');
    expect(keys(sidebarLinks(input({ config: { ...config, uploadPortalUrl: '' } })))).not.toContain(
      'customer-accounts',
    );
  });

  it('shows Growth Plan Measurement only with the growthMeasurement flag (spec part 2 §6)', () => {
    expect(sidebarLinks(input({ flags: { growthMeasurement: true } }))[0]).toEqual({
      key: 'growth-measurement',
      label: 'Growth Plan Measurement',
      icon: 'growth',
      href: '/growth-measurement',
      external: false,
    });
    expect(keys(sidebarLinks(input({ flags: { growthMeasurement: false } })))).not.toContain(
      'growth-measurement',
    );
    expect(
      keys(sidebarLinks(input({ flags: { growthMeasurement: true, aiChat: true } }))).slice(0, 2),
    ).toEqual(['growth-measurement', 'ai-chat']);
  });

  it('shows AI Chat only with the aiChat flag and a configured address', () => {
    expect(sidebarLinks(input({ flags: { aiChat: true } }))[0]).toEqual({
      key: 'ai-chat',
      label: 'AI Chat',
      icon: 'ai-chat',
      href: 'https://chat.example.test',
      external: true,
    });
    expect(keys(sidebarLinks(input({ flags: { aiChat: false } })))).not.toContain('ai-chat');
    expect(keys(sidebarLinks(input({ flags: { aiChat: true }, config: null })))).not.toContain('ai-chat');
    expect(
      keys(sidebarLinks(input({ flags: { aiChat: true }, config: { ...config, aiChatUrl: '' } }))),
    ).not.toContain('ai-chat');
  });

  it('shows the upload portal only with the upload permission and a configured portal', () => {
    const withPermission = input({ permissions: ['clarity:access:basic'] });
    expect(sidebarLinks(withPermission)[0]).toEqual({
      key: 'upload',
      label: 'Upload Data',
      icon: 'upload',
      href: 'https://portal.example.test/upload',
      external: true,
    });
    expect(keys(sidebarLinks(input({ permissions: ['clarity:access:other'] })))).not.toContain('upload');
    expect(keys(sidebarLinks({ ...withPermission, config: null }))).not.toContain('upload');
  });

  it("links the product's own upload page when no portal is configured, for those who may upload", () => {
    const noPortal = { ...config, uploadPortalUrl: '' };
    const uploadLink = {
      key: 'upload',
      label: 'Upload Data',
      icon: 'upload',
      href: '/upload',
      external: false,
    };
    const canUpload = (overrides: Partial<NavigationInput>) =>
      sidebarLinks(input({ config: noPortal, ...overrides })).find((l) => l.key === 'upload');
    // Network users and staff need the upload permission.
    expect(canUpload({ user: networkUser, permissions: ['clarity:access:basic'] })).toEqual(uploadLink);
    expect(canUpload({ user: staff, permissions: ['clarity:access:basic'] })).toEqual(uploadLink);
    expect(canUpload({ user: networkUser })).toBeUndefined();
    expect(canUpload({ user: staff })).toBeUndefined();
    // Agency administrators upload for their agency; other agency users do not, permission or not.
    expect(canUpload({ user: { ...agencyUser, isAdmin: true } })).toEqual(uploadLink);
    expect(canUpload({ user: agencyUser, permissions: ['clarity:access:basic'] })).toBeUndefined();
  });
});

describe('profileMenuLinks', () => {
  it('offers admins My Profile, the Admin Portal on the agency tenant, then Log Out and the Help Portal', () => {
    expect(profileMenuLinks(menuInput({ user: agencyAdmin }))).toEqual([
      { key: 'my-profile', label: 'My Profile', icon: 'my-profile', href: '/my-profile/a1', external: false },
      {
        key: 'admin-portal',
        label: 'Admin Portal',
        icon: 'admin-portal',
        href: 'https://portal.example.test/admin?tenant=agency',
        external: true,
      },
      { key: 'logout', label: 'Log Out', icon: 'logout', href: '/logout', external: false },
      {
        key: 'help-portal',
        label: 'Help Portal',
        icon: 'help-portal',
        href: 'https://help.example.test',
        external: true,
      },
    ]);
  });

  it('gives users who are not admins Users (agency users), Log Out and the Help Portal', () => {
    expect(keys(profileMenuLinks(menuInput()))).toEqual([
      'my-profile',
      'users',
      'my-subscription',
      'logout',
      'help-portal',
    ]);
    expect(profileMenuLinks(menuInput())[1]).toMatchObject({
      label: 'Users',
      href: '/users',
      external: false,
    });
    expect(keys(profileMenuLinks(menuInput({ user: staff })))).toEqual([
      'my-profile',
      'logout',
      'help-portal',
    ]);
  });

  it('offers My subscription to those who may see it: non-admins and the primary user', () => {
    const primaryOwner = { ...agencyAdmin, isPrimaryUserOfSubscriber: true };
    expect(
      profileMenuLinks(menuInput({ user: primaryOwner })).find((l) => l.key === 'my-subscription'),
    ).toEqual({
      key: 'my-subscription',
      label: 'My subscription',
      icon: 'my-subscription',
      href: '/my-subscription/a',
      external: false,
    });
    expect(keys(profileMenuLinks(menuInput()))).toContain('my-subscription');
    expect(keys(profileMenuLinks(menuInput({ user: agencyAdmin })))).not.toContain('my-subscription');
    expect(keys(profileMenuLinks(menuInput({ user: staff })))).not.toContain('my-subscription');
    expect(keys(profileMenuLinks(menuInput({ user: networkUser })))).not.toContain('my-subscription');
  });

  it('offers admins Users when no upload portal is configured (spec part 1 §2 "Admin Portal or Users")', () => {
    const noPortal = { ...config, uploadPortalUrl: '' };
    expect(keys(profileMenuLinks(menuInput({ user: agencyAdmin, config: noPortal })))).toEqual([
      'my-profile',
      'users',
      'logout',
      'help-portal',
    ]);
  });

  it('leaves out links to other sites until the configuration is known', () => {
    expect(keys(profileMenuLinks(menuInput({ user: agencyAdmin, config: null })))).toEqual([
      'my-profile',
      'logout',
    ]);
  });

  it('offers Enter Collaboration Mode after My Profile, on the production path, while not collaborating', () => {
    expect(profileMenuLinks(menuInput({ pathname: '/production' }))[1]).toEqual({
      key: 'enter-collaboration',
      label: 'Enter Collaboration Mode',
      command: 'enter-collaboration',
    });
    expect(keys(profileMenuLinks(menuInput({ user: agencyAdmin, pathname: '/production' })))).toEqual([
      'my-profile',
      'enter-collaboration',
      'admin-portal',
      'logout',
      'help-portal',
    ]);
    expect(keys(profileMenuLinks(menuInput({ pathname: '/production/agency' })))).toContain(
      'enter-collaboration',
    );
  });

  it('leaves out Enter Collaboration Mode elsewhere and while collaborating', () => {
    for (const pathname of ['/', '/helpDesk', '/agency-production', '/productions', '/admin/production']) {
      expect(keys(profileMenuLinks(menuInput({ pathname })))).not.toContain('enter-collaboration');
    }
    expect(keys(profileMenuLinks(menuInput({ pathname: '/production', collaborating: true })))).not.toContain(
      'enter-collaboration',
    );
  });
});

describe('helpers', () => {
  it('recognises internal users by type or by flag', () => {
    expect(isInternalUser({ userType: 'internal', isInternal: false })).toBe(true);
    expect(isInternalUser({ userType: 'agency', isInternal: true })).toBe(true);
    expect(isInternalUser({ userType: 'network', isInternal: false })).toBe(false);
  });

  it('recognises the production path and the pages below it', () => {
    expect(isProductionPath('/production')).toBe(true);
    expect(isProductionPath('/production/')).toBe(true);
    expect(isProductionPath('/production/agency')).toBe(true);
    expect(isProductionPath('/productions')).toBe(false);
    expect(isProductionPath('/agency-production')).toBe(false);
  });

  it("links My Profile to the user's own id", () => {
    expect(myProfilePath('44444444-4444-4444-8444-444444444444')).toBe(
      '/my-profile/44444444-4444-4444-8444-444444444444',
    );
    expect(sidebarLinks(input({ user: staff })).find((l) => l.key === 'my-profile')?.href).toBe(
      '/my-profile/s1',
    );
  });

  it('joins a base address and a path with one slash', () => {
    expect(joinUrl('https://x.test/', '/upload')).toBe('https://x.test/upload');
    expect(joinUrl('https://x.test', 'upload')).toBe('https://x.test/upload');
    expect(joinUrl('', '/upload')).toBeNull();
    expect(joinUrl(undefined, '/upload')).toBeNull();
  });
});
