import type { AgreementSummary } from '#shared/contracts/profit-sharing.ts';
import type { HealthLine } from '#shared/contracts/reporting-health.ts';
import type { Warning } from '#shared/contracts/benchmarks.ts';
import type { ProductionFigures } from '#shared/contracts/production.ts';
import { compositeKinds } from '#shared/domain/carrier-composite.ts';
import { lossRatio } from '#shared/domain/measures.ts';
import { monthDataComplete } from '#shared/domain/reporting-health.ts';
import { latestReportingMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import { firstDayOfMonth, lastDayOfMonth, type CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { Level } from '#server/policies/scope.ts';
import { reportingHealth } from '#server/services/network-intelligence/health.ts';
import { earlyWarnings } from '#server/services/network-intelligence/warnings.ts';
import { listAgreements } from '#server/services/profit-sharing/agreements.ts';
import { readNetworkLines } from '#server/services/read-model/read-model.ts';
import { periodOf } from '#server/services/read-model/request.ts';

/** The figures of one period beside the same months a year earlier (dollars from exact sums). */
export type Headline = {
  writtenPremium: number | null;
  priorWrittenPremium: number | null;
  newWrittenPremium: number | null;
  priorNewWrittenPremium: number | null;
  lossRatio: number | null;
  priorLossRatio: number | null;
};

/** Everything one digest says, for one user's scope and month. */
export type DigestContent = {
  scopeName: string;
  levelKind: Level['kind'];
  period: YearMonth;
  month: Headline;
  yearToDate: Headline;
  /** The early warnings over the year to date through the period (or the latest reporting month). */
  warningsThrough: YearMonth;
  /** The first page of them (by agency name), and how many there are in all. */
  warnings: Warning[];
  warningsTotal: number;
  lossRatioThreshold: number;
  /** The month's expected carrier reports that are missing or late (the monthly close). */
  complete: boolean;
  expectedReports: number;
  problems: Pick<HealthLine, 'agencyName' | 'carrierName' | 'status' | 'dueOn'>[];
  profitSharing: Pick<AgreementSummary, 'agreement' | 'status' | 'projectedPayout' | 'payoutAtRisk'>[];
};

function headline(figures: ProductionFigures | undefined): Headline {
  return {
    writtenPremium: figures?.writtenPremium ?? null,
    priorWrittenPremium: figures?.priorWrittenPremium ?? null,
    newWrittenPremium: figures?.newWrittenPremium ?? null,
    priorNewWrittenPremium: figures?.priorNewWrittenPremium ?? null,
    lossRatio: lossRatio(figures?.incurred ?? null, figures?.earned ?? null),
    priorLossRatio: lossRatio(figures?.priorIncurred ?? null, figures?.priorEarned ?? null),
  };
}

/**
 * The month's data at the level: whether it is complete (every expected carrier report arrived) and
 * its missing and late reports. The scheduler asks it before a "when complete" digest is due.
 */
export async function monthHealth(db: Db, level: Level, period: YearMonth, today: CalendarDay) {
  const health = await reportingHealth(db, level, period, today);
  return {
    complete: monthDataComplete(health.lines),
    expectedReports: health.lines.length,
    problems: health.lines
      .filter((l) => l.status === 'missing' || l.status === 'late')
      .map(({ agencyName, carrierName, status, dueOn }) => ({ agencyName, carrierName, status, dueOn })),
  };
}

/**
 * The digest of `period` for the actor at `level` (their agency, or their network): the headline
 * figures of the month and the year to date through it from the read model (the level's own, every
 * carrier kind), the early warnings, the month's missing and late
 * reports, and the profit-sharing projections of the period's year. Only the level's data: an
 * agency's digest names no other agency.
 */
export async function digestContent(
  db: Db,
  actor: Actor,
  level: Level,
  scopeName: string,
  period: YearMonth,
  today: CalendarDay,
): Promise<DigestContent> {
  // Collaboration mode belongs to a signed-in session (a screen shared in a meeting): an e-mail counts every carrier.
  const carriers = null;
  const yearStart = `${period.slice(0, 4)}-01` as YearMonth;
  const figures = (start: YearMonth) =>
    readNetworkLines(db, {
      grouping: 'network',
      level,
      line: 'P&C',
      standardTypes: [],
      kinds: compositeKinds('all'),
      period: periodOf(start, period, [], today),
      carriers,
    });
  const latest = latestReportingMonth(today);
  const warningsThrough = period < latest ? period : latest;
  const warningsStart = `${warningsThrough.slice(0, 4)}-01` as YearMonth;
  const [month, yearToDate, warnings, health, agreements] = await Promise.all([
    figures(period),
    figures(yearStart),
    earlyWarnings(
      db,
      level,
      {
        startDate: firstDayOfMonth(warningsStart),
        endDate: lastDayOfMonth(warningsThrough),
        isYtd: undefined,
      },
      carriers,
      today,
    ),
    monthHealth(db, level, period, today),
    listAgreements(db, actor, level, Number(period.slice(0, 4)), carriers, today),
  ]);
  return {
    scopeName,
    levelKind: level.kind,
    period,
    month: headline(month['P&C']),
    yearToDate: headline(yearToDate['P&C']),
    warningsThrough,
    warnings: warnings.warnings,
    warningsTotal: warnings.total,
    lossRatioThreshold: warnings.settings.lossRatioThreshold,
    ...health,
    profitSharing: [...agreements.agreements, ...agreements.memberAgreements].map(
      ({ agreement, status, projectedPayout, payoutAtRisk }) => ({
        agreement,
        status,
        projectedPayout,
        payoutAtRisk,
      }),
    ),
  };
}
