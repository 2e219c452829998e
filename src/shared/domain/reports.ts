/**
 * The two report catalogues (spec part 1 §2 "Report path segments", "Route table"; §3 Report
 * descriptor; §6 "Report access is decided per feature and flag"). The client generates its report
 * routes, guards and sidebar links from them; the server refuses reports and embeds with the same
 * `canOpenReport`. A report joins the product by adding one descriptor here.
 */
import { hasCarrierProduction } from './access.ts';

/** How a report is shown: an embedded BI dashboard, a teaser, a page of this app, or a redirect. */
export type ReportView = 'embed' | 'teaser' | 'carrier-production' | 'scorecard' | 'redirect';

/** A report descriptor (spec part 1 §3: key, path, feature, flag, fallbackReport, label). */
export type ReportDescriptor = {
  /** Unique; dashboards are assigned to it. */
  key: string;
  /** The path segment, without slashes. Several reports may share one. */
  path: string;
  /** The product feature it needs, as its camel-case flag (spec part 1 §6); null: no feature needed. */
  feature: string | null;
  /** The feature flag that must be on; null: none. */
  flag: string | null;
  /** The report shown instead when none at this path may be opened, or no dashboard is assigned. */
  fallbackReport: string | null;
  label: string;
  view: ReportView;
  /** What the report does, in a sentence or two (teasers and the admin page show it). */
  description: string;
  /** For a redirect: where it leads. */
  redirectTo?: string;
  /** For a teaser: the report it advertises. */
  teaserOf?: string;
  /** Sidebar link (the first accessible report of a path decides what it opens). */
  inSidebar?: boolean;
};

/** The catalogue of this application's own report pages (features named `site*`, and `cpr`). */
export const SITE_REPORTS: readonly ReportDescriptor[] = [
  {
    key: 'carrier-production',
    path: 'production',
    feature: 'cpr',
    flag: null,
    fallbackReport: null,
    label: 'Carrier Production',
    view: 'carrier-production',
    description:
      'Written premium, new business, earned, incurred and loss ratio per carrier or agency, against the prior period.',
  },
  {
    key: 'scorecards-redirect',
    path: 'scorecards',
    feature: null,
    flag: 'scorecards',
    fallbackReport: null,
    label: 'Scorecards',
    view: 'redirect',
    redirectTo: '/agency-production',
    description: 'Scorecards now live in Agency Production.',
  },
  {
    key: 'site-revenue-tuner',
    path: 'revenue-tuner',
    feature: 'siteRevenueTuner',
    flag: null,
    fallbackReport: 'revenue-tuner-teaser',
    label: 'Revenue Tuner',
    view: 'embed',
    description:
      'Models how changes in commission rates, retention and new business move your agency revenue, carrier by carrier.',
    inSidebar: true,
  },
  {
    key: 'ams-data-health',
    path: 'ams-data-health',
    feature: 'siteAmsDataHealth',
    flag: null,
    fallbackReport: null,
    label: 'AMS Data Health',
    view: 'embed',
    description:
      'Checks the data your agency management system sends: missing fields, unmapped carriers and late months.',
    inSidebar: true,
  },
];

/** The catalogue of live reports, BI dashboards embedded per assignment (features named `pbi*`). */
export const LIVE_REPORTS: readonly ReportDescriptor[] = [
  // This application's scorecard answers the path first where the scorecards flag is on (decision 016).
  {
    key: 'agency-scorecard',
    path: 'agency-production',
    feature: 'pbiAgencyProduction',
    flag: 'scorecards',
    fallbackReport: 'agency-production-teaser',
    label: 'Agency Production',
    view: 'scorecard',
    description:
      'Invoice revenue by carrier: written premium, base commission, additional compensation and the total, core and non-core carriers side by side.',
  },
  {
    key: 'agency-production',
    path: 'agency-production',
    feature: 'pbiAgencyProduction',
    flag: null,
    fallbackReport: 'agency-production-teaser',
    label: 'Agency Production',
    view: 'embed',
    description:
      "Your agency's written premium, new business and commission by carrier and line of business, month by month, with the trends behind them.",
    inSidebar: true,
  },
  {
    key: 'agency-production-teaser',
    path: 'agency-production-teaser',
    feature: 'pbiAgencyProductionTeaser',
    flag: null,
    fallbackReport: null,
    label: 'Agency Production',
    view: 'teaser',
    teaserOf: 'agency-production',
    description:
      "Your agency's written premium, new business and commission by carrier and line of business, month by month, with the trends behind them.",
  },
  {
    key: 'market-assistance',
    path: 'market-assistance',
    feature: 'pbiMarketAssistance',
    flag: null,
    fallbackReport: 'market-assistance-teaser',
    label: 'Market Assistance',
    view: 'embed',
    description:
      'Shows which carriers write the business you want to place, where agencies like yours grow, and who has appetite by line and state.',
    inSidebar: true,
  },
  {
    key: 'market-assistance-lite',
    path: 'market_assistance',
    feature: 'pbiMarketAssistanceLite',
    flag: null,
    fallbackReport: 'market-assistance-teaser',
    label: 'Market Assistance Lite',
    view: 'embed',
    description: 'The essentials of Market Assistance: carrier appetite by line and state.',
    inSidebar: true,
  },
  {
    key: 'market-assistance-teaser',
    path: 'market-assistance-teaser',
    feature: 'pbiMarketAssistanceTeaser',
    flag: null,
    fallbackReport: null,
    label: 'Market Assistance',
    view: 'teaser',
    teaserOf: 'market-assistance',
    description:
      'Shows which carriers write the business you want to place, where agencies like yours grow, and who has appetite by line and state.',
  },
  {
    key: 'market-assistance-unaffiliated',
    path: 'marketassistance',
    feature: 'pbiMarketAssistanceUnaffiliated',
    flag: null,
    fallbackReport: null,
    label: 'Market Assistance (Unaffiliated)',
    view: 'embed',
    description: 'Market Assistance for agencies outside a network: carrier appetite by line and state.',
    inSidebar: true,
  },
  {
    key: 'revenue-tuner',
    path: 'revenue-tuner',
    feature: 'pbiRevenueTuner',
    flag: null,
    fallbackReport: 'revenue-tuner-teaser',
    label: 'Revenue Tuner',
    view: 'embed',
    description:
      'Models how changes in commission rates, retention and new business move your agency revenue, carrier by carrier.',
    inSidebar: true,
  },
  {
    key: 'revenue-tuner-teaser',
    path: 'revenue-tuner-teaser',
    feature: 'pbiRevenueTunerTeaser',
    flag: null,
    fallbackReport: null,
    label: 'Revenue Tuner',
    view: 'teaser',
    teaserOf: 'revenue-tuner',
    description:
      'Models how changes in commission rates, retention and new business move your agency revenue, carrier by carrier.',
  },
  {
    key: 'revenue-tuner-unaffiliated',
    path: 'revenuetuner',
    feature: 'pbiRevenueTunerUnaffiliated',
    flag: null,
    fallbackReport: null,
    label: 'Revenue Tuner (Unaffiliated)',
    view: 'embed',
    description: 'Revenue Tuner for agencies outside a network.',
    inSidebar: true,
  },
  {
    key: 'retention',
    path: 'retention',
    feature: 'pbiRetention',
    flag: null,
    fallbackReport: null,
    label: 'Retention',
    view: 'embed',
    description: 'Policies and premium kept, lost and won back, by carrier, line and producer.',
    inSidebar: true,
  },
  {
    key: 'lift-analysis',
    path: 'lift-analysis',
    feature: 'pbiLiftAnalysis',
    flag: null,
    fallbackReport: null,
    label: 'Lift Analysis',
    view: 'embed',
    description:
      'What a carrier appointment or a campaign added to written premium, against the trend before it.',
    inSidebar: true,
  },
  {
    key: 'cross-sell',
    path: 'account-rounding',
    feature: 'pbiCrossSell',
    flag: null,
    fallbackReport: null,
    label: 'Cross-Sell',
    view: 'embed',
    description: 'Households and accounts with one line of business that could round out with another.',
    inSidebar: true,
  },
  {
    key: 'revenue-variance',
    path: 'revenue-variance',
    feature: 'pbiRevenueVariance',
    flag: null,
    fallbackReport: null,
    label: 'Revenue Variance',
    view: 'embed',
    description: 'Commission received against commission expected, carrier by carrier and month by month.',
    inSidebar: true,
  },
  {
    key: 'scorecards',
    path: 'scorecards',
    feature: null,
    flag: null,
    fallbackReport: null,
    label: 'Scorecards',
    view: 'embed',
    description: 'Agency production scorecards: written premium and commission by carrier against the year.',
  },
];

/**
 * Both catalogues in the order a shared path is resolved: this application's pages first (so the
 * scorecards redirect and the site Revenue Tuner win when they may be opened), then live reports.
 */
export const REPORT_CATALOGUE: readonly ReportDescriptor[] = [...SITE_REPORTS, ...LIVE_REPORTS];

/** Every distinct report path, in catalogue order: one route each. */
export const REPORT_PATHS: readonly string[] = [...new Set(REPORT_CATALOGUE.map((r) => r.path))];

/** The report keys dashboards can be assigned to (the embedded ones). */
export const EMBEDDABLE_REPORTS: readonly ReportDescriptor[] = REPORT_CATALOGUE.filter(
  (r) => r.view === 'embed',
);

export function reportByKey(key: string): ReportDescriptor | undefined {
  return REPORT_CATALOGUE.find((r) => r.key === key);
}

/** What decides whether a user may open a report. */
export type ReportAccess = {
  /** Product features as camel-case flags (resolveFeatureAccess). */
  features: Readonly<Record<string, boolean>>;
  /** Feature flags by key, evaluated for the user. */
  flags: Readonly<Record<string, boolean>>;
  /** Internal users get every feature (spec part 1 §6); flags still apply to them. */
  isInternal: boolean;
};

/** Spec part 1 §6: "Report access is decided per feature and flag". */
export function canOpenReport(report: ReportDescriptor, access: ReportAccess): boolean {
  if (report.flag !== null && access.flags[report.flag] !== true) return false;
  if (report.feature === null || access.isInternal) return true;
  return access.features[report.feature] === true;
}

export type ReportResolution =
  | { kind: 'report'; report: ReportDescriptor }
  /** A known report path the user may not open: the access-denied page, never not-found. */
  | { kind: 'denied'; report: ReportDescriptor }
  | { kind: 'unknown' };

/** The fallback of a report when the user may open it; else null. */
export function accessibleFallback(report: ReportDescriptor, access: ReportAccess): ReportDescriptor | null {
  const fallback = report.fallbackReport ? reportByKey(report.fallbackReport) : undefined;
  return fallback && canOpenReport(fallback, access) ? fallback : null;
}

/**
 * What a report path shows (spec part 1 §2): "If several reports share a path, the first accessible one is
 * shown, else the first one's fallback". With neither, the access-denied page.
 */
export function resolveReportPath(path: string, access: ReportAccess): ReportResolution {
  const candidates = REPORT_CATALOGUE.filter((r) => r.path === path);
  const first = candidates[0];
  if (!first) return { kind: 'unknown' };
  const open = candidates.find((r) => canOpenReport(r, access));
  if (open) return { kind: 'report', report: open };
  const fallback = accessibleFallback(first, access);
  if (fallback) return { kind: 'report', report: fallback };
  return { kind: 'denied', report: first };
}

/**
 * What a report the user may open actually shows (spec part 1 §2 "Loading, then error, then no assignment
 * (fallback), then the embedded report"): an embedded report with a dashboard at the user's level
 * shows itself; without one, its fallback when the user may open it (which shows in turn what it can);
 * with neither, nothing (null). A teaser and this application's own pages always show themselves.
 * `assigned` holds the report keys with a dashboard the user can open at their level.
 */
export function shownReport(
  report: ReportDescriptor,
  access: ReportAccess,
  assigned: ReadonlySet<string>,
): ReportDescriptor | null {
  if (report.view !== 'embed' || assigned.has(report.key)) return report;
  const fallback = accessibleFallback(report, access);
  return fallback && fallback.key !== report.key ? shownReport(fallback, access, assigned) : null;
}

/**
 * The report paths worth a sidebar link: one per path of a sidebar report that shows something the
 * user may open (the report, or its teaser), labelled by what it shows. With `assigned` (agency and
 * network users, decision 054) a path whose report would show nothing at the user's level has no
 * link, and two paths that would show the same fallback get one; staff pass none and see every report.
 */
export function sidebarReports(
  access: ReportAccess,
  assigned?: ReadonlySet<string>,
): { path: string; label: string }[] {
  // Live reports lead (Agency Production first, as the spec's sidebar lists it).
  const sidebarPaths = [
    ...new Set([...LIVE_REPORTS, ...SITE_REPORTS].filter((r) => r.inSidebar).map((r) => r.path)),
  ];
  // Two paths that fall back to the same teaser get one link.
  const shown = new Set<string>();
  return sidebarPaths.flatMap((path) => {
    const resolution = resolveReportPath(path, access);
    if (resolution.kind !== 'report') return [];
    const report = assigned ? shownReport(resolution.report, access, assigned) : resolution.report;
    if (!report || shown.has(report.key)) return [];
    shown.add(report.key);
    return [{ path: `/${path}`, label: report.label }];
  });
}

/**
 * The report link slot (spec part 1 §2 "Other report pages"): a link shows only when an assignment exists
 * or the sigma feature is enabled with a report id.
 */
export function showReportLink(input: {
  hasAssignment: boolean;
  sigmaEnabled: boolean;
  reportId: string | null | undefined;
}): boolean {
  return input.hasAssignment || (input.sigmaEnabled && Boolean(input.reportId));
}

/**
 * Where '/' leads (spec part 1 §2 Route table): carrier production for users with it, else the
 * agency production teaser when that feature is on, else agency production.
 */
export function landingPath(features: Readonly<Record<string, boolean>>): string {
  if (hasCarrierProduction(features)) return '/production';
  if (features.pbiAgencyProductionTeaser === true) return '/agency-production-teaser';
  return '/agency-production';
}

/** The embed providers (DESIGN §3 "embedded BI"). */
export const EMBED_PROVIDERS = ['powerbi', 'sigma', 'metabase'] as const;
export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];

export const EMBED_PROVIDER_LABELS: Readonly<Record<EmbedProvider, string>> = {
  powerbi: 'Power BI',
  sigma: 'Sigma',
  metabase: 'Metabase',
};

/** How long before an embed config expires the client asks for a new one (ms). */
export const EMBED_REFRESH_MARGIN_MS = 60_000;

/**
 * When the client refetches an embed config (spec part 1 §4 "refetched when its expiration time is
 * reached"): at the expiration less a margin, never in the past, and never sooner than a floor so a
 * config that is already expired does not make the client ask in a loop.
 */
export function embedRefreshDelay(expiration: string, nowMs: number, floorMs = 5_000): number {
  const expiresAt = Date.parse(expiration);
  if (Number.isNaN(expiresAt)) return floorMs;
  return Math.max(floorMs, expiresAt - EMBED_REFRESH_MARGIN_MS - nowMs);
}
