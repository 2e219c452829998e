import { sql } from 'drizzle-orm';
import { openPostgres } from '#server/db/client.ts';
import { productionByAgency } from '#server/services/production/production-report.ts';
import { dropPeriodTotals } from '#server/services/production/period-totals.ts';
import { productionQuerySchema } from '#shared/contracts/production.ts';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import { presets } from '#shared/domain/timeframe.ts';
const today = calendarDateIn(BUSINESS_TIME_ZONE);
const database = await openPostgres('postgres://postgres@127.0.0.1:5432/understanding_bench');
const n = await database.db.execute<{ uuid: string }>(
  sql`select uuid from networks where name = 'Benchmark Network 2000'`,
);
const network = { kind: 'network' as const, networkUuid: n.rows[0]!.uuid };
const tf = presets(today).find((t) => t.name === (process.env.PRESET ?? '36MM'))!;
const q = productionQuerySchema.parse({
  startDate: tf.startDate,
  endDate: tf.endDate,
  broadLineOfBusinessStandardTypeCode: 'PL',
});
await database.db.transaction((tx) => dropPeriodTotals(tx, network.networkUuid));
const a = performance.now();
await productionByAgency(database.db, network, q, today, null);
console.log('cold', (performance.now() - a).toFixed(0));
await database.close();
