/**
 * The links of the sidebar and of the profile menu (spec part 1 §2 "Other report pages", part 2 §2
 * "Sidebar and header"), as pure functions of who the user is and what they may use. The shell only
 * draws what these return; a screen joins the navigation by adding one entry to a list below.
 */
import type { ClientConfig } from '#shared/contracts/access.ts';
import type { UserType } from '#shared/contracts/user.ts';
import { mayUploadCarrierFiles, UPLOAD_PERMISSION } from './access.ts';
import { sidebarReports } from './reports.ts';

export type NavigationUser = {
  /** The user's id: My Profile is /my-profile/{id} (spec part 1 §2 "my-profile takes the user id"). */
  id: string;
  userType: UserType;
  isInternal: boolean;
  isAdmin: boolean;
  agency: { uuid: string } | null;
  /** The primary user of the agency's subscriber (spec part 2 §6: renames the agency, changes the primary user). */
  isPrimaryUserOfSubscriber?: boolean;
};

export type NavigationInput = {
  user: NavigationUser;
  /** Product features as camel-case flags (resolveFeatureAccess). */
  features: Readonly<Record<string, boolean>>;
  /** Feature flags by key, evaluated for the user. */
  flags: Readonly<Record<string, boolean>>;
  /** Upload-portal permissions (empty when the user has no portal account). */
  permissions: readonly string[];
  /** The client configuration; links to other sites are left out until it is known. */
  config: Pick<ClientConfig, 'aiChatUrl' | 'uploadPortalUrl' | 'helpSiteUrl'> | null;
  /**
   * The report keys with a dashboard the user can open at their level (agency and network users):
   * reports that would show them nothing get no link. Absent: every report the user may open.
   */
  assignedReports?: ReadonlySet<string>;
};

export type NavigationIcon =
  | 'production'
  | 'ai-chat'
  | 'upload'
  | 'manual-entry'
  | 'users'
  | 'my-profile'
  | 'help'
  | 'access-admin'
  | 'logout'
  | 'admin-portal'
  | 'help-portal'
  | 'report'
  | 'customer-accounts'
  | 'my-subscription'
  | 'growth'
  | 'agency-production'
  | 'market-assistance'
  | 'market-assistance-lite'
  | 'market-assistance-unaffiliated'
  | 'revenue-tuner'
  | 'revenue-tuner-unaffiliated'
  | 'retention'
  | 'lift-analysis'
  | 'cross-sell'
  | 'revenue-variance'
  | 'data-health'
  | 'scorecard'
  | 'performance-charts'
  | 'planning'
  | 'profit-sharing'
  | 'monthly-close'
  | 'benchmarks'
  | 'early-warning';

/**
 * Each report path's own icon (a collapsed sidebar of identical glyphs cannot be read): by
 * the sidebar path, so a teaser shown in a report's place keeps the report's icon.
 */
const REPORT_ICONS: Readonly<Record<string, NavigationIcon>> = {
  'agency-production': 'agency-production',
  'market-assistance': 'market-assistance',
  market_assistance: 'market-assistance-lite',
  marketassistance: 'market-assistance-unaffiliated',
  'revenue-tuner': 'revenue-tuner',
  revenuetuner: 'revenue-tuner-unaffiliated',
  retention: 'retention',
  'lift-analysis': 'lift-analysis',
  'account-rounding': 'cross-sell',
  'revenue-variance': 'revenue-variance',
  'ams-data-health': 'data-health',
  scorecards: 'scorecard',
};

/** The icon of a report's sidebar link ('/market-assistance' or 'market-assistance'). */
export function reportIcon(path: string): NavigationIcon {
  return REPORT_ICONS[path.replace(/^\//, '')] ?? 'report';
}

export type NavigationLink = {
  key: string;
  label: string;
  icon: NavigationIcon;
  /** A path of this application, or an absolute URL when `external`. */
  href: string;
  /** Opens another site (in a new tab). */
  external: boolean;
};

/** What a profile-menu item may do in place instead of navigating. */
export type ProfileMenuCommand = 'enter-collaboration';

/** A profile-menu item that acts in place (opens a dialog) rather than following a link. */
export type NavigationCommand = { key: string; label: string; command: ProfileMenuCommand };

export type ProfileMenuItem = NavigationLink | NavigationCommand;

/** The profile menu also depends on where the user is and on the session's collaboration mode. */
export type ProfileMenuInput = NavigationInput & {
  /** The current location's path, e.g. '/production'. */
  pathname: string;
  /** The session is in collaboration mode (at least one carrier chosen). */
  collaborating: boolean;
};

type Entry<I = NavigationInput, T = NavigationLink | NavigationLink[]> = (input: I) => T | null;

export function isInternalUser(user: Pick<NavigationUser, 'userType' | 'isInternal'>): boolean {
  return user.userType === 'internal' || user.isInternal;
}

/** `base` + `path` with exactly one slash between them; null when the base is not configured. */
export function joinUrl(base: string | undefined, path: string): string | null {
  if (!base) return null;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function internal(key: string, label: string, icon: NavigationIcon, href: string): NavigationLink {
  return { key, label, icon, href, external: false };
}

function external(
  key: string,
  label: string,
  icon: NavigationIcon,
  href: string | null,
): NavigationLink | null {
  return href ? { key, label, icon, href, external: true } : null;
}

/** The user's own My Profile page. */
export function myProfilePath(userId: string): string {
  return `/my-profile/${encodeURIComponent(userId)}`;
}

/** The agency's My subscription page (spec part 1 §2 "my-subscription takes the agency id"). */
export function mySubscriptionPath(agencyUuid: string): string {
  return `/my-subscription/${encodeURIComponent(agencyUuid)}`;
}

const myProfile = (user: NavigationUser) =>
  internal('my-profile', 'My Profile', 'my-profile', myProfilePath(user.id));

/** The Carrier Production report and the pages below it: where collaboration mode is offered. */
export function isProductionPath(pathname: string): boolean {
  return pathname === '/production' || pathname.startsWith('/production/');
}

/** The product's own upload page, used when no external upload portal is configured. */
export const UPLOAD_PATH = '/upload';

/** The sidebar, top to bottom. */
const sidebarEntries: readonly Entry[] = [
  // Carrier Production, the report users open first, for everyone with its feature (spec part 1 §6).
  ({ features }) =>
    features.cpr ? internal('production', 'Carrier Production', 'production', '/production') : null,
  // The report catalogue's pages the user may open, or whose teaser they may see (spec part 1 §2).
  ({ user, features, flags, assignedReports }) =>
    sidebarReports({ features, flags, isInternal: isInternalUser(user) }, assignedReports).map(
      ({ path, label }) => internal(`report:${path}`, label, reportIcon(path), path),
    ),
  // Performance Charts (/dataviz), after the report pages as spec part 1 §2 lists the sidebar, and the
  // network planning tool (decision 017): the same cpr permission as Carrier Production (§6).
  ({ features }) =>
    features.cpr ? internal('dataviz', 'Performance Charts', 'performance-charts', '/dataviz') : null,
  ({ features }) => (features.cpr ? internal('planning', 'Planning Tool', 'planning', '/planning') : null),
  // Profit-sharing agreements are projected from Carrier Production's figures: the same permission.
  ({ features }) =>
    features.cpr ? internal('profit-sharing', 'Profit Sharing', 'profit-sharing', '/profit-sharing') : null,
  // The monthly close (decision 070): which carriers' reports of a month arrived, for the same users.
  ({ features }) =>
    features.cpr ? internal('monthly-close', 'Monthly Close', 'monthly-close', '/monthly-close') : null,
  // Benchmarks against peers, and the network's early warnings: read from Carrier Production's facts.
  ({ features }) => (features.cpr ? internal('benchmarks', 'Benchmarks', 'benchmarks', '/benchmarks') : null),
  ({ user, features }) =>
    features.cpr && user.userType !== 'agency'
      ? internal('early-warning', 'Early Warning', 'early-warning', '/early-warning')
      : null,
  // Spec part 2 §2 "Sidebar and header", §6: Growth Plan Measurement appears only with its flag.
  ({ flags }) =>
    flags.growthMeasurement
      ? internal('growth-measurement', 'Growth Plan Measurement', 'growth', '/growth-measurement')
      : null,
  ({ flags, config }) =>
    flags.aiChat ? external('ai-chat', 'AI Chat', 'ai-chat', config?.aiChatUrl || null) : null,
  // The upload portal (spec part 1 §2): the external one when UPLOAD_PORTAL_URL is set, else the
  // product's own /upload page for those who may upload carrier files.
  ({ user, permissions, config }) => {
    if (!config) return null;
    if (config.uploadPortalUrl) {
      return permissions.includes(UPLOAD_PERMISSION)
        ? external('upload', 'Upload Data', 'upload', joinUrl(config.uploadPortalUrl, '/upload'))
        : null;
    }
    return mayUploadCarrierFiles(user, permissions)
      ? internal('upload', 'Upload Data', 'upload', UPLOAD_PATH)
      : null;
  },
  // Manual carrier entry belongs to an agency: its users, and staff working on an agency's behalf.
  ({ user }) =>
    user.agency || isInternalUser(user)
      ? internal('manual-entry', 'Manual Carrier Entry', 'manual-entry', '/billingcarriers')
      : null,
  ({ user }) => (user.agency ? internal('users', 'Users', 'users', '/users') : null),
  ({ user }) => mySubscriptionLink(user),
  // Spec part 1 §2, part 2 §6: agency users, or internal users with the upload permission.
  ({ user, permissions, config }) =>
    user.agency || (isInternalUser(user) && permissions.includes(UPLOAD_PERMISSION))
      ? external(
          'customer-accounts',
          'Customer Accounts',
          'customer-accounts',
          joinUrl(config?.uploadPortalUrl, '/customer-accounts'),
        )
      : null,
  ({ user }) => myProfile(user),
  () => internal('help', 'Help', 'help', '/helpDesk'),
  ({ user }) =>
    isInternalUser(user) ? internal('access-admin', 'Access admin', 'access-admin', '/admin/access') : null,
  () => internal('logout', 'Log Out', 'logout', '/logout'),
];

/**
 * Who sees My subscription (of their own agency): spec part 2 §6 "non-admins see Users and My
 * subscription", and the subscriber's primary user, who renames the agency and changes the primary
 * user there, even when they are an owner or administrator too.
 */
export function mayOpenMySubscription(
  user: NavigationUser,
): user is NavigationUser & { agency: { uuid: string } } {
  return !!user.agency && !isInternalUser(user) && (!user.isAdmin || !!user.isPrimaryUserOfSubscriber);
}

function mySubscriptionLink(user: NavigationUser): NavigationLink | null {
  return mayOpenMySubscription(user)
    ? internal('my-subscription', 'My subscription', 'my-subscription', mySubscriptionPath(user.agency.uuid))
    : null;
}

/** The profile menu, top to bottom. */
const profileMenuEntries: readonly Entry<ProfileMenuInput, ProfileMenuItem | ProfileMenuItem[]>[] = [
  ({ user }) => myProfile(user),
  // Spec part 2 §2 "Collaboration mode": offered on the production path while no carriers are chosen.
  ({ pathname, collaborating }) =>
    isProductionPath(pathname) && !collaborating
      ? { key: 'enter-collaboration', label: 'Enter Collaboration Mode', command: 'enter-collaboration' }
      : null,
  // Spec part 1 §2: "Admin Portal or Users". Admins get the upload portal's admin when one is
  // configured, else the product's own Users page, where they invite and manage their agency's users.
  ({ user, config }) => {
    const adminPortal =
      user.isAdmin && config
        ? external(
            'admin-portal',
            'Admin Portal',
            'admin-portal',
            joinUrl(config.uploadPortalUrl, '/admin?tenant=agency'),
          )
        : null;
    if (adminPortal) return adminPortal;
    if (user.isAdmin && !config) return null;
    return user.agency ? internal('users', 'Users', 'users', '/users') : null;
  },
  ({ user }) => mySubscriptionLink(user),
  () => internal('logout', 'Log Out', 'logout', '/logout'),
  ({ config }) => external('help-portal', 'Help Portal', 'help-portal', config?.helpSiteUrl || null),
];

function collect<I, T>(entries: readonly Entry<I, T | T[]>[], input: I): T[] {
  return entries.flatMap((entry) => entry(input) ?? []);
}

/** The sidebar links the user may see. */
export function sidebarLinks(input: NavigationInput): NavigationLink[] {
  return collect<NavigationInput, NavigationLink>(sidebarEntries, input);
}

/** The profile menu items the user may see: links, and commands the shell carries out in place. */
export function profileMenuLinks(input: ProfileMenuInput): ProfileMenuItem[] {
  return collect<ProfileMenuInput, ProfileMenuItem>(profileMenuEntries, input);
}
