import { describe, expect, it } from 'vitest';
import {
  canOpenReport,
  embedRefreshDelay,
  EMBED_REFRESH_MARGIN_MS,
  landingPath,
  LIVE_REPORTS,
  REPORT_CATALOGUE,
  REPORT_PATHS,
  reportByKey,
  resolveReportPath,
  showReportLink,
  shownReport,
  sidebarReports,
  SITE_REPORTS,
  type ReportAccess,
} from './reports.ts';

const nobody: ReportAccess = { features: {}, flags: {}, isInternal: false };
const withFeatures = (...features: string[]): ReportAccess => ({
  ...nobody,
  features: Object.fromEntries(features.map((f) => [f, true])),
});

describe('the report catalogues', () => {
  it('hold every report path segment of spec part 1 §2', () => {
    const segments = [
      'agency-production',
      'agency-production-teaser',
      'market-assistance',
      'market_assistance',
      'market-assistance-teaser',
      'marketassistance',
      'revenue-tuner',
      'revenue-tuner-teaser',
      'revenuetuner',
      'ams-data-health',
      'retention',
      'lift-analysis',
      'production',
      'account-rounding',
      'revenue-variance',
    ];
    for (const segment of segments) expect(REPORT_PATHS).toContain(segment);
    expect(REPORT_PATHS).toContain('scorecards');
  });

  it('use the feature flags of spec part 1 §6', () => {
    const features = REPORT_CATALOGUE.map((r) => r.feature);
    for (const flag of [
      'pbiMarketAssistanceLite',
      'pbiAgencyProductionTeaser',
      'siteRevenueTuner',
      'pbiRevenueTunerTeaser',
      'siteAmsDataHealth',
      'pbiRetention',
      'cpr',
    ]) {
      expect(features).toContain(flag);
    }
    expect(SITE_REPORTS.every((r) => r.feature === null || !r.feature.startsWith('pbi'))).toBe(true);
    expect(LIVE_REPORTS.every((r) => r.feature === null || r.feature.startsWith('pbi'))).toBe(true);
  });

  it('have unique keys, and every fallback and teaser names a report of the catalogue', () => {
    const keys = REPORT_CATALOGUE.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const report of REPORT_CATALOGUE) {
      if (report.fallbackReport) expect(reportByKey(report.fallbackReport)).toBeDefined();
      if (report.teaserOf) expect(reportByKey(report.teaserOf)).toBeDefined();
    }
  });
});

describe('canOpenReport', () => {
  const retention = reportByKey('retention')!;
  const scorecardsRedirect = reportByKey('scorecards-redirect')!;

  it('needs the feature, except for internal users', () => {
    expect(canOpenReport(retention, nobody)).toBe(false);
    expect(canOpenReport(retention, withFeatures('pbiRetention'))).toBe(true);
    expect(canOpenReport(retention, { ...nobody, isInternal: true })).toBe(true);
  });

  it('needs the flag, for internal users too', () => {
    expect(canOpenReport(scorecardsRedirect, { ...nobody, isInternal: true })).toBe(false);
    expect(canOpenReport(scorecardsRedirect, { ...nobody, flags: { scorecards: true } })).toBe(true);
  });
});

describe('resolveReportPath', () => {
  it('shows the first accessible report of a shared path', () => {
    const both = resolveReportPath('revenue-tuner', withFeatures('siteRevenueTuner', 'pbiRevenueTuner'));
    expect(both).toMatchObject({ kind: 'report', report: { key: 'site-revenue-tuner' } });
    const pbiOnly = resolveReportPath('revenue-tuner', withFeatures('pbiRevenueTuner'));
    expect(pbiOnly).toMatchObject({ kind: 'report', report: { key: 'revenue-tuner' } });
  });

  it("else the first one's fallback when the user may open it (the teaser)", () => {
    const teaser = resolveReportPath('revenue-tuner', withFeatures('pbiRevenueTunerTeaser'));
    expect(teaser).toMatchObject({ kind: 'report', report: { key: 'revenue-tuner-teaser', view: 'teaser' } });
    const agencyTeaser = resolveReportPath('agency-production', withFeatures('pbiAgencyProductionTeaser'));
    expect(agencyTeaser).toMatchObject({ kind: 'report', report: { key: 'agency-production-teaser' } });
  });

  it('else access denied for a known path, and unknown for any other', () => {
    expect(resolveReportPath('revenue-tuner', nobody)).toMatchObject({ kind: 'denied' });
    expect(resolveReportPath('production', nobody)).toMatchObject({ kind: 'denied' });
    expect(resolveReportPath('no-such-report', nobody)).toEqual({ kind: 'unknown' });
  });

  it('redirects /scorecards to agency production when its flag is on, else shows its fallback report', () => {
    const on = resolveReportPath('scorecards', { ...nobody, flags: { scorecards: true } });
    expect(on).toMatchObject({
      kind: 'report',
      report: { view: 'redirect', redirectTo: '/agency-production' },
    });
    const off = resolveReportPath('scorecards', nobody);
    expect(off).toMatchObject({ kind: 'report', report: { key: 'scorecards', view: 'embed' } });
  });
});

describe('landingPath (the index redirect)', () => {
  const relevant = ['cpr', 'pbiAgencyProductionTeaser', 'pbiAgencyProduction'];
  const combinations = Array.from({ length: 2 ** relevant.length }, (_, bits) =>
    relevant.filter((_, i) => (bits >> i) & 1),
  );

  it.each(combinations)('lands on a page of the catalogue for features %j', (...features) => {
    const access = withFeatures(...features);
    const path = landingPath(access.features);
    const expected = features.includes('cpr')
      ? '/production'
      : features.includes('pbiAgencyProductionTeaser')
        ? '/agency-production-teaser'
        : '/agency-production';
    expect(path).toBe(expected);
    expect(resolveReportPath(path.slice(1), access).kind).not.toBe('unknown');
  });

  it('lands a user with Agency Production but not Carrier Production on a report they can open', () => {
    const access = withFeatures('pbiAgencyProduction');
    expect(resolveReportPath(landingPath(access.features).slice(1), access)).toMatchObject({
      kind: 'report',
      report: { key: 'agency-production' },
    });
  });
});

describe('sidebarReports', () => {
  it('lists each sidebar path the user may open once, with the teaser when only it is open', () => {
    const links = sidebarReports(
      withFeatures('pbiAgencyProduction', 'pbiRevenueTunerTeaser', 'pbiRevenueTuner'),
    );
    expect(links).toEqual([
      { path: '/agency-production', label: 'Agency Production' },
      { path: '/revenue-tuner', label: 'Revenue Tuner' },
    ]);
    // Market Assistance and its Lite edition fall back to the same teaser: one link.
    expect(sidebarReports(withFeatures('pbiMarketAssistanceTeaser'))).toEqual([
      { path: '/market-assistance', label: 'Market Assistance' },
    ]);
    expect(sidebarReports(nobody)).toEqual([]);
  });

  it('links, for agency and network users, only reports that show them something at their level', () => {
    const access = withFeatures(
      'pbiAgencyProduction',
      'pbiAgencyProductionTeaser',
      'pbiRetention',
      'pbiMarketAssistance',
      'pbiMarketAssistanceLite',
    );
    // Retention has a dashboard; Agency Production has none but its teaser stands in; Market
    // Assistance and Lite have neither dashboard nor an open fallback; Lift Analysis is not theirs.
    expect(sidebarReports(access, new Set(['retention', 'lift-analysis']))).toEqual([
      { path: '/agency-production', label: 'Agency Production' },
      { path: '/retention', label: 'Retention' },
    ]);
    // With the teaser of Market Assistance open, the two paths that fall back to it get one link.
    expect(
      sidebarReports(
        { ...access, features: { ...access.features, pbiMarketAssistanceTeaser: true } },
        new Set(),
      ),
    ).toEqual([
      { path: '/agency-production', label: 'Agency Production' },
      { path: '/market-assistance', label: 'Market Assistance' },
    ]);
  });
});

describe('shownReport', () => {
  it('is the report with a dashboard, else its open fallback, else nothing', () => {
    const agencyProduction = reportByKey('agency-production')!;
    const withTeaser = withFeatures('pbiAgencyProduction', 'pbiAgencyProductionTeaser');
    expect(shownReport(agencyProduction, withTeaser, new Set(['agency-production']))).toBe(agencyProduction);
    expect(shownReport(agencyProduction, withTeaser, new Set())?.key).toBe('agency-production-teaser');
    expect(shownReport(agencyProduction, withFeatures('pbiAgencyProduction'), new Set())).toBeNull();
    expect(shownReport(reportByKey('carrier-production')!, nobody, new Set())?.key).toBe(
      'carrier-production',
    );
  });
});

describe('showReportLink (the report link slot)', () => {
  it('shows a link only with an assignment, or the sigma feature with a report id', () => {
    expect(showReportLink({ hasAssignment: true, sigmaEnabled: false, reportId: null })).toBe(true);
    expect(showReportLink({ hasAssignment: false, sigmaEnabled: true, reportId: 'wb-1' })).toBe(true);
    expect(showReportLink({ hasAssignment: false, sigmaEnabled: true, reportId: '' })).toBe(false);
    expect(showReportLink({ hasAssignment: false, sigmaEnabled: false, reportId: 'wb-1' })).toBe(false);
  });
});

describe('embedRefreshDelay', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');

  it('refetches a margin before the expiration', () => {
    const expiration = new Date(now + 60 * 60 * 1000).toISOString();
    expect(embedRefreshDelay(expiration, now)).toBe(60 * 60 * 1000 - EMBED_REFRESH_MARGIN_MS);
  });

  it('never sooner than the floor, for an expired or unreadable expiration', () => {
    expect(embedRefreshDelay(new Date(now - 1000).toISOString(), now)).toBe(5_000);
    expect(embedRefreshDelay('not a date', now)).toBe(5_000);
    expect(embedRefreshDelay(new Date(now + 30_000).toISOString(), now, 1_000)).toBe(1_000);
  });
});
