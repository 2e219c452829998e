import { sql } from 'drizzle-orm';
import type { AgreementActuals, AgreementLines } from '#shared/contracts/profit-sharing.ts';
import type { ProductionFigures } from '#shared/contracts/production.ts';
import { compositeKinds } from '#shared/domain/carrier-composite.ts';
import { toCents } from '#shared/domain/growth-plan.ts';
import { growthBpOf, lossRatioBpOf } from '#shared/domain/profit-sharing.ts';
import { addMonths, latestReportingMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { cachedByAgency, type ByAgency } from '#server/services/read-model/answer-cache.ts';
import {
  readAgencyCarrierFigures,
  readFigureLines,
  readMonthlyFigures,
  type Figures,
} from '#server/services/read-model/read-model.ts';
import { periodOf, type FactsRequest } from '#server/services/read-model/request.ts';

/**
 * The actual figures of profit-sharing agreements, from the read model: Carrier Production's figures of
 * the agreement's carrier and lines (every carrier kind, as the carrier reported them) for the year so far
 * and its prior period, and the whole of last year with its prior period (the year before, for a 3-year
 * loss-ratio gate). A
 * network's agreements, its own and its agencies', read every agency and carrier at once: one statement
 * per period and shape of lines (`networkAgreementActuals`), kept per network and brought up to date
 * agency by agency (decisions 075, 078). Amounts are summed in integer cents (each figure is an exact
 * two-decimal sum).
 */

/** The months of an agreement's year read so far: January to the latest reporting month (or December). */
export function agreementPeriod(
  year: number,
  today: CalendarDay,
): { start: YearMonth; end: YearMonth } | null {
  const latest = latestReportingMonth(today);
  const start = `${year}-01` as YearMonth;
  if (start > latest) return null;
  const december = `${year}-12` as YearMonth;
  return { start, end: december < latest ? december : latest };
}

type Summed = Record<keyof ProductionFigures, number | null>;
type ByKey = Map<string, Record<string, ProductionFigures>>;

const FIELDS = [
  'writtenPremium',
  'priorWrittenPremium',
  'newWrittenPremium',
  'priorNewWrittenPremium',
  'earned',
  'priorEarned',
  'incurred',
  'priorIncurred',
] as const satisfies readonly (keyof ProductionFigures)[];

/** Sums the covered line codes' figures in cents (null: no line reported the figure). */
function sumLines(lines: Record<string, ProductionFigures> | undefined): Summed {
  const sums = Object.fromEntries(FIELDS.map((field) => [field, null])) as Summed;
  for (const figures of Object.values(lines ?? {})) {
    for (const field of FIELDS) {
      const value = figures[field];
      if (value !== null) sums[field] = (sums[field] ?? 0) + toCents(value);
    }
  }
  return sums;
}

/**
 * Keeps the line codes an agreement covers: its broad lines of a P&C read (per broad line), or its
 * standard types of its broad line's read, whose total row (coded as the broad line) is left out.
 */
function coveredLines(
  lines: Record<string, ProductionFigures> | undefined,
  covered: AgreementLines,
): Record<string, ProductionFigures> {
  if (!lines) return {};
  const codes: readonly string[] =
    covered.standardTypes.length > 0 ? covered.standardTypes : covered.broadLines;
  return Object.fromEntries(Object.entries(lines).filter(([code]) => codes.includes(code)));
}

/** Carrier Production's request for an agreement's lines and months: by carrier or by agency and carrier. */
function request(
  level: Level,
  grouping: 'carrier' | 'agency',
  carriers: readonly string[] | null,
  covered: AgreementLines,
  start: YearMonth,
  end: YearMonth,
  today: CalendarDay,
): FactsRequest {
  const typed = covered.standardTypes.length > 0;
  return {
    grouping,
    level,
    line: typed ? covered.broadLines[0]! : 'P&C',
    standardTypes: covered.standardTypes,
    kinds: compositeKinds('all'),
    period: periodOf(start, end, covered.standardTypes, today),
    carriers,
  };
}

const addNullable = (...values: (number | null)[]) =>
  values.reduce<number | null>((sum, value) => (value === null ? sum : (sum ?? 0) + value), null);
const minus = (a: number | null, b: number | null) => (a === null ? null : a - (b ?? 0));

/**
 * An agreement's actuals from its covered sums: the year so far (`now`, with its prior period) and last
 * year (`last`), whose prior period is the year before (for a 3-year loss-ratio gate: a year's prior
 * period counts a fact by the same rule as that year's own).
 */
function actualsOf(
  now: Summed | undefined,
  last: Summed | undefined,
  monthsElapsed: number,
  lossRatioYears: 1 | 2 | 3,
): AgreementActuals {
  const earlier = (pick: (s: Summed) => number | null, before: (s: Summed) => number | null) =>
    addNullable(
      lossRatioYears >= 2 && last ? pick(last) : null,
      lossRatioYears === 3 && last ? before(last) : null,
    );
  return {
    monthsElapsed,
    writtenPremiumCents: now?.writtenPremium ?? null,
    priorWrittenPremiumCents: now?.priorWrittenPremium ?? null,
    priorYearWrittenPremiumCents: last?.writtenPremium ?? null,
    newBusinessCents: now?.newWrittenPremium ?? null,
    earnedCents: now?.earned ?? null,
    incurredCents: now?.incurred ?? null,
    multiYearEarnedCents: addNullable(
      now?.earned ?? null,
      earlier(
        (s) => s.earned,
        (s) => s.priorEarned,
      ),
    ),
    multiYearIncurredCents: addNullable(
      now?.incurred ?? null,
      earlier(
        (s) => s.incurred,
        (s) => s.priorIncurred,
      ),
    ),
    policiesInForce: null,
    restOfLastYear:
      last && now && monthsElapsed < 12
        ? {
            writtenPremiumCents: minus(last.writtenPremium, now.priorWrittenPremium),
            newBusinessCents: minus(last.newWrittenPremium, now.priorNewWrittenPremium),
            earnedCents: minus(last.earned, now.priorEarned),
            incurredCents: minus(last.incurred, now.priorIncurred),
          }
        : null,
  };
}

/** A carrier's covered sums over every agency, in cents, with how many agencies reported each figure. */
type CarrierTotal = {
  carrierUuid: string;
  covered: AgreementLines;
  /** Agencies with figures of the carrier. */
  parts: number;
  cents: number[];
  reported: number[];
};

/** Adds (`sign` 1) or takes away (-1) one agency's figures of the carrier from its total. */
function move(total: CarrierTotal, byLine: Record<string, ProductionFigures> | undefined, sign: 1 | -1) {
  if (!byLine) return;
  total.parts += sign;
  const sums = sumLines(coveredLines(byLine, total.covered));
  FIELDS.forEach((field, i) => {
    const value = sums[field];
    if (value === null) return;
    total.cents[i]! += sign * value;
    total.reported[i]! += sign;
  });
}

/**
 * The memory an agency's figures of a carrier take, by line (decision 094: about one and a third lines
 * of Carrier Production's by-agency figures, and their map entry).
 */
const BYTES_PER_AGENCY_CARRIER = 600;

/**
 * A network's figures per agency and carrier, by line code, kept per network and request and brought up
 * to date from the agencies written since (decision 078). A carrier's sums over every agency (for a
 * network's own agreement) are kept with them, and moved by the replaced agencies' figures alone.
 */
class AgencyCarrierFigures implements ByAgency {
  /** Agency, then carrier. */
  readonly byAgency = new Map<string, Map<string, Record<string, ProductionFigures>>>();
  private readonly totals = new Map<string, CarrierTotal>();

  /** From a read grouped by `agency/carrier`. */
  constructor(byKey: ByKey) {
    for (const [key, byLine] of byKey) {
      const slash = key.indexOf('/');
      const agency = key.slice(0, slash);
      const carriers = this.byAgency.get(agency) ?? new Map<string, Record<string, ProductionFigures>>();
      carriers.set(key.slice(slash + 1), byLine);
      this.byAgency.set(agency, carriers);
    }
  }

  size(): number {
    return this.byAgency.size;
  }

  bytes(): number {
    let carriers = 0;
    for (const own of this.byAgency.values()) carriers += own.size;
    return carriers * BYTES_PER_AGENCY_CARRIER;
  }

  replace(agencyUuids: readonly string[], fresh: AgencyCarrierFigures): void {
    for (const agency of agencyUuids) {
      for (const total of this.totals.values()) {
        move(total, this.byAgency.get(agency)?.get(total.carrierUuid), -1);
        move(total, fresh.byAgency.get(agency)?.get(total.carrierUuid), 1);
      }
      const carriers = fresh.byAgency.get(agency);
      if (carriers) this.byAgency.set(agency, carriers);
      else this.byAgency.delete(agency);
    }
  }

  /** One agency's covered sums of a carrier (none: it reported nothing of it). */
  agencySums(agencyUuid: string, carrierUuid: string, covered: AgreementLines): Summed | undefined {
    const byLine = this.byAgency.get(agencyUuid)?.get(carrierUuid);
    return byLine && sumLines(coveredLines(byLine, covered));
  }

  /** Every agency's covered sums of a carrier added, in cents (none: no agency reported anything of it). */
  carrierSums(carrierUuid: string, covered: AgreementLines): Summed | undefined {
    const key = JSON.stringify([carrierUuid, covered]);
    let total = this.totals.get(key);
    if (!total) {
      total = { carrierUuid, covered, parts: 0, cents: FIELDS.map(() => 0), reported: FIELDS.map(() => 0) };
      for (const carriers of this.byAgency.values()) move(total, carriers.get(carrierUuid), 1);
      this.totals.set(key, total);
    }
    if (total.parts === 0) return undefined;
    const { cents, reported } = total;
    return Object.fromEntries(
      FIELDS.map((field, i) => [field, reported[i]! > 0 ? cents[i]! : null]),
    ) as Summed;
  }
}

/** An agreement of a network or of one of its agencies, as the network's figures are read for it. */
export type NetworkAgreement = {
  agreementUuid: string;
  /** Null: the network's own agreement, measured on the aggregate of its agencies. */
  agencyUuid: string | null;
  carrierUuid: string;
  lines: AgreementLines;
  year: number;
  lossRatioYears: 1 | 2 | 3;
};

/** The carriers of a network's agreements of a year: the carriers its figures per agency are read for. */
async function agreementCarriers(db: Db, networkUuid: string, year: number): Promise<string[]> {
  const found = await db.execute<{ carrier_uuid: string }>(sql`
    select distinct carrier_uuid from profit_share_agreements
    where network_uuid = ${networkUuid}::uuid and year = ${year} order by carrier_uuid`);
  return found.rows.map((row) => row.carrier_uuid);
}

/**
 * The actuals of a network's agreements (keyed by agreement), its agencies' and its own: the figures
 * `agencyAgreementActuals` reads at an agency, read for every agency and carrier at once, one statement
 * per period (the year so far and last year, each with its prior period) and per shape of lines read
 * (every broad line, or one broad line's standard types), grouped by agency, carrier and line code. A network's
 * own agreement adds its agencies' figures of the carrier (in cents: the same sums as the network's).
 * The figures are those of every carrier with an agreement of the year, so the ranking, its filters and
 * an agreement's page share them. An agreement no agency reported anything of is left out.
 */
export async function networkAgreementActuals(
  db: Db,
  level: Extract<Level, { kind: 'network' }>,
  agreements: readonly NetworkAgreement[],
  today: CalendarDay,
): Promise<Map<string, AgreementActuals>> {
  const carriersByYear = new Map<number, Promise<string[]>>();
  const carriersOf = (year: number) => {
    if (!carriersByYear.has(year)) carriersByYear.set(year, agreementCarriers(db, level.networkUuid, year));
    return carriersByYear.get(year)!;
  };
  const answers = new Map<string, AgreementActuals>();
  await Promise.all(
    batchesOf(agreements, today).map(async (batch) => {
      const { lines, year } = batch[0]!;
      const period = agreementPeriod(year, today)!;
      // Those of the year's agreements (so every page of agreements shares them), and the batch's own
      // (a check's carrier whose agreement has gone).
      const carriers = [
        ...new Set([...(await carriersOf(year)), ...batch.map((agreement) => agreement.carrierUuid)]),
      ].sort();
      // Kept per network and data version, brought up to date from the agencies written since
      // (decisions 075, 078): the figures depend on the facts only (the agreements' carriers are part
      // of the request), so an agreement edit needs no new version.
      const read = (start: YearMonth, end: YearMonth) => {
        const req = request(level, 'agency', carriers, lines, start, end, today);
        return cachedByAgency(
          db,
          level.networkUuid,
          'agency-carrier-figures',
          req,
          async (agencyUuids) =>
            new AgencyCarrierFigures(await readAgencyCarrierFigures(db, req, agencyUuids)),
        );
      };
      const [ytd, lastYear] = await Promise.all([
        read(period.start, period.end),
        read(`${year - 1}-01` as YearMonth, `${year - 1}-12` as YearMonth),
      ]);
      const monthsElapsed = Number(period.end.slice(5, 7));
      for (const agreement of batch) {
        const sums = (read: AgencyCarrierFigures) =>
          agreement.agencyUuid === null
            ? read.carrierSums(agreement.carrierUuid, agreement.lines)
            : read.agencySums(agreement.agencyUuid, agreement.carrierUuid, agreement.lines);
        const now = sums(ytd);
        const last = sums(lastYear);
        if (!now && !last) continue;
        answers.set(agreement.agreementUuid, actualsOf(now, last, monthsElapsed, agreement.lossRatioYears));
      }
    }),
  );
  return answers;
}

/** The agreements read together: of one year and shape of lines (every broad line, or one broad line's types). */
function batchesOf<T extends { year: number; lines: AgreementLines }>(
  agreements: readonly T[],
  today: CalendarDay,
): T[][] {
  const batches = new Map<string, T[]>();
  for (const agreement of agreements) {
    if (!agreementPeriod(agreement.year, today)) continue;
    const { broadLines, standardTypes } = agreement.lines;
    const read = standardTypes.length > 0 ? [broadLines[0], standardTypes] : ['P&C'];
    const key = JSON.stringify([agreement.year, ...read]);
    const batch = batches.get(key);
    if (batch) batch.push(agreement);
    else batches.set(key, [agreement]);
  }
  return [...batches.values()];
}

/**
 * The actuals of an agency's agreements (keyed by agreement), read by carrier at the agency: two reads
 * (the year so far and last year, each with its prior period) per year and shape of lines, every
 * carrier at once. An agreement of a year not started yet is left out.
 */
export async function agencyAgreementActuals(
  db: Db,
  level: Extract<Level, { kind: 'agency' }>,
  agreements: readonly Omit<NetworkAgreement, 'agencyUuid'>[],
  today: CalendarDay,
): Promise<Map<string, AgreementActuals>> {
  const answers = new Map<string, AgreementActuals>();
  await Promise.all(
    batchesOf(agreements, today).map(async (batch) => {
      const { lines, year } = batch[0]!;
      const period = agreementPeriod(year, today)!;
      const read = (start: YearMonth, end: YearMonth) =>
        readFigureLines(db, request(level, 'carrier', null, lines, start, end, today));
      const [ytd, lastYear] = await Promise.all([
        read(period.start, period.end),
        read(`${year - 1}-01` as YearMonth, `${year - 1}-12` as YearMonth),
      ]);
      const monthsElapsed = Number(period.end.slice(5, 7));
      for (const agreement of batch) {
        const sums = (read: Figures['lines']) => {
          const byLine = read.get(agreement.carrierUuid);
          return byLine && sumLines(coveredLines(byLine, agreement.lines));
        };
        answers.set(
          agreement.agreementUuid,
          actualsOf(sums(ytd), sums(lastYear), monthsElapsed, agreement.lossRatioYears),
        );
      }
    }),
  );
  return answers;
}

/** The year so far month by month: loss ratio and growth to date (percent), for the agreement's chart. */
export async function agreementMonths(
  db: Db,
  level: Level,
  carrierUuid: string,
  covered: AgreementLines,
  year: number,
  today: CalendarDay,
): Promise<{ month: string; lossRatio: number | null; growth: number | null }[]> {
  const period = agreementPeriod(year, today);
  if (!period) return [];
  const req = request(level, 'carrier', [carrierUuid], covered, period.start, period.end, today);
  const { months } = await readMonthlyFigures(db, req);
  const toDate = {
    written: null as number | null,
    prior: null as number | null,
    earned: null as number | null,
    incurred: null as number | null,
  };
  const answer = [];
  for (let month = period.start; month <= period.end; month = addMonths(month, 1)) {
    const sums = sumLines(coveredLines(months.get(month), covered));
    toDate.written = addNullable(toDate.written, sums.writtenPremium);
    toDate.prior = addNullable(toDate.prior, sums.priorWrittenPremium);
    toDate.earned = addNullable(toDate.earned, sums.earned);
    toDate.incurred = addNullable(toDate.incurred, sums.incurred);
    const lossRatio = lossRatioBpOf(toDate.incurred ?? 0, toDate.earned);
    const growth = growthBpOf(toDate.written, toDate.prior);
    answer.push({
      month,
      lossRatio: lossRatio === null ? null : lossRatio / 100,
      growth: growth === null ? null : growth / 100,
    });
  }
  return answer;
}
