import { BROAD_LINE_CODES } from '#shared/contracts/production.ts';
import { compositeKinds } from '#shared/domain/carrier-composite.ts';
import { presets, type CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import { readCodeFigures, readFigures } from './read-model.ts';
import { periodOf, type FactsRequest } from './request.ts';

/**
 * Carrier Production by agency at the network level, as users open it first, computed ahead into the
 * process's answer cache (decision 092): every preset of the timeframe selector (YTD, 12, 24 and 36
 * months ending at the latest reporting month), each line (Total (P&C) and each broad line), every
 * carrier kind (All); and the planning tool by agency code the same way, Total (P&C) only (decision
 * 095). The server's warm-up (`warm-up.ts`) runs it at start and every 10 minutes; a
 * write of one agency then computes only that agency's part again on the next view. Other periods,
 * composites and filters are computed on their first view in a process and kept the same way.
 * Every line of every composite would hold five times the memory (about 140 MB at 2,000 agencies
 * against 58 MB), for views whose first computation takes 40–390 ms.
 */

/**
 * The requests kept ahead, as Carrier Production (by agency: every line) and the planning tool (by
 * agency code: Total (P&C)) ask them (`factsRequest`).
 */
export function presetRequests(
  networkUuid: string,
  today: CalendarDay,
  grouping: 'agency' | 'agencyCode' = 'agency',
): FactsRequest[] {
  const lines = grouping === 'agency' ? BROAD_LINE_CODES : (['P&C'] as const);
  return presets(today).flatMap((tf) =>
    lines.map((line) => ({
      grouping,
      level: { kind: 'network' as const, networkUuid },
      line,
      standardTypes: [],
      kinds: compositeKinds('all'),
      period: periodOf(tf.startMonth, tf.endMonth, [], today),
      carriers: null,
    })),
  );
}

/** Computes the presets' by-agency answers the process does not keep yet; answers how many it computed. */
export async function keepByAgencyAhead(db: Db, networkUuid: string, today: CalendarDay): Promise<number> {
  let computed = 0;
  for (const request of presetRequests(networkUuid, today)) {
    await readFigures(db, request, () => (computed += 1));
  }
  return computed;
}

/** Computes the presets' by-agency-code answers the process does not keep yet; answers how many it computed. */
export async function keepCodesAhead(db: Db, networkUuid: string, today: CalendarDay): Promise<number> {
  let computed = 0;
  for (const request of presetRequests(networkUuid, today, 'agencyCode')) {
    await readCodeFigures(db, request, () => (computed += 1));
  }
  return computed;
}
