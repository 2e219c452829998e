import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyCodes } from '#server/db/schema/facts.ts';
import type { Actor } from '#server/policies/actor.ts';
import { commitImport, undoImport } from '#server/services/import/import-load.ts';
import { readRows, stageFile } from '#server/services/import/import-staging.ts';
import { rebuildNetwork } from '#server/services/read-model/refresh.ts';
import {
  buildAgency,
  buildCarrier,
  buildFacts,
  buildLineTree,
  buildUser,
  networkRows,
} from '#tests/support/factories.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/**
 * For random files over random existing facts (feed and manual, some months reported): a commit
 * changes exactly the cells the file names (agency x carrier x agency code x line x month; a
 * restatement: every line of the agency code's months it names), each to the file's own sum, and
 * nothing else; its undo leaves every fact, reported month and rollup row as it was.
 */
let t: TestApp;
let dir: string;
let networkUuid: string;
let actor: Actor;
const agencies: { uuid: string; networkUuid: string }[] = [];
let lineUuids: string[];
const LINES = ['Personal Auto', 'Homeowners', 'Commercial Auto', 'General Liability'];
const MONTHS = ['2026-07-01', '2026-08-01', '2026-09-01'];
const ROLLUP_TABLES = [
  'production_carrier_months',
  'production_agency_running_totals',
  'carrier_reported_masks',
  'production_rollup_horizons',
] as const;

const dollars = (c: bigint) => {
  const negative = c < 0n;
  const abs = (negative ? -c : c).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
};

/** Every production fact of the network: 'carrier agency code line month source' -> 'written earned'. */
async function factMap(): Promise<Map<string, string>> {
  const rows = await t.database.db.execute<{ key: string; value: string }>(sql`
    select concat_ws(' ', carrier_uuid, agency_uuid, agency_code_uuid, line_uuid, month, source) as key,
      coalesce(written_premium::text, '-') || ' ' || coalesce(earned::text, '-') || ' ' ||
      coalesce(new_written_premium::text, '-') || ' ' || coalesce(incurred::text, '-') as value
    from production_facts where network_uuid = ${networkUuid}::uuid`);
  const map = new Map<string, string>();
  for (const r of rows.rows) {
    expect(map.has(r.key), `one fact per cell: ${r.key}`).toBe(false);
    map.set(r.key, r.value);
  }
  return map;
}

async function reportedMonths(): Promise<string[]> {
  const rows = await t.database.db.execute<{ row: string }>(sql`
    select concat_ws(' ', agency_uuid, carrier_uuid, month) as row from carrier_reported_months
    where network_uuid = ${networkUuid}::uuid order by 1`);
  return rows.rows.map((r) => r.row);
}

const cell = fc.record({
  agency: fc.integer({ min: 0, max: 1 }),
  line: fc.integer({ min: 0, max: 3 }),
  month: fc.integer({ min: 0, max: 2 }),
});
const amount = fc.bigInt({ min: -5_000_000n, max: 50_000_000n });

const existing = fc.uniqueArray(
  fc.record({
    cell,
    source: fc.constantFrom('feed' as const, 'feed' as const, 'manual' as const),
    written: fc.option(amount, { nil: null }),
    earned: fc.option(amount, { nil: null }),
    reported: fc.boolean(),
  }),
  {
    maxLength: 14,
    selector: (f) => `${f.cell.agency} ${f.cell.line} ${f.cell.month} ${f.source}`,
  },
);
const fileRows = fc.array(fc.record({ cell, written: amount, earned: fc.option(amount, { nil: null }) }), {
  minLength: 1,
  maxLength: 8,
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'import-property-'));
  t = await createTestApp({ dataDir: dir }, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  const first = await buildAgency(db);
  networkUuid = first.networkUuid;
  agencies.push(first, await buildAgency(db, { networkUuid }));
  const tree = await buildLineTree(db, {
    PL: [
      ['PAUTO', 'Personal Auto'],
      ['HOME', 'Homeowners'],
    ],
    CL: [
      ['CAUTO', 'Commercial Auto'],
      ['GL', 'General Liability'],
    ],
  });
  lineUuids = ['PAUTO', 'HOME', 'CAUTO', 'GL'].map((code) => tree.byCode[code]!.uuid);
  const user = await buildUser(db, { userType: 'network', networkUuid });
  actor = {
    userId: user.id,
    email: user.email,
    userType: 'network',
    agencyUuid: null,
    networkUuid,
    isOwner: false,
    isAdministrator: false,
    sessionId: 'property',
  };
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('Committing and undoing a file', () => {
  it('changes exactly the cells the file names, and undo leaves every figure as it was', async () => {
    const db = t.database.db;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(existing, fileRows, fc.boolean(), async (facts, rows, restatement) => {
        run++;
        // Each run has a carrier of its own, with one agency code per agency.
        const carrier = (await buildCarrier(db)).uuid;
        const codes = await db
          .insert(agencyCodes)
          .values(
            agencies.map((a, i) => ({ agencyUuid: a.uuid, carrierUuid: carrier, code: `C-${i}`, name: 'x' })),
          )
          .returning();
        const codeOf = (agency: number) => codes[agency]!.uuid;
        for (const [i, agency] of agencies.entries()) {
          const mine = facts.filter((f) => f.cell.agency === i);
          if (mine.length === 0) continue;
          for (const reported of [true, false]) {
            const some = mine.filter((f) => f.reported === reported);
            if (some.length === 0) continue;
            await buildFacts(
              db,
              agency,
              some.map((f) => ({
                carrierUuid: carrier,
                lineUuid: lineUuids[f.cell.line]!,
                agencyCodeUuid: codeOf(f.cell.agency),
                month: MONTHS[f.cell.month]!,
                source: f.source,
                writtenPremium: f.written === null ? null : dollars(f.written),
                earned: f.earned === null ? null : dollars(f.earned),
              })),
              { reported },
            );
          }
        }
        await rebuildNetwork(db, networkUuid);
        const before = await factMap();
        const beforeMonths = await reportedMonths();
        const beforeRollups = await networkRows(db, networkUuid, ROLLUP_TABLES);

        // What the commit must leave: the file's cells at its sums, a restatement's other lines of
        // its agency code x months gone, every other fact (manual ones included) untouched.
        const key = (c: { agency: number; line: number; month: number }, source: string) =>
          [
            carrier,
            agencies[c.agency]!.uuid,
            codeOf(c.agency),
            lineUuids[c.line],
            MONTHS[c.month],
            source,
          ].join(' ');
        const expected = new Map(before);
        if (restatement) {
          const months = new Set(rows.map((r) => `${r.cell.agency} ${r.cell.month}`));
          for (const f of facts) {
            if (f.source === 'feed' && months.has(`${f.cell.agency} ${f.cell.month}`)) {
              expected.delete(key(f.cell, 'feed'));
            }
          }
        }
        const sums = new Map<string, { written: bigint; earned: bigint | null }>();
        for (const r of rows) {
          const k = key(r.cell, 'feed');
          const s = sums.get(k) ?? { written: 0n, earned: null };
          sums.set(k, {
            written: s.written + r.written,
            earned: r.earned === null ? s.earned : (s.earned ?? 0n) + r.earned,
          });
        }
        for (const [k, s] of sums) {
          expected.set(k, `${dollars(s.written)} ${s.earned === null ? '-' : dollars(s.earned)} - -`);
        }

        const file = path.join(dir, `file-${run}.csv`);
        await writeFile(
          file,
          [
            'Agency Code,Policy Type,Month,Written Premium,Earned Premium',
            ...rows.map((r) =>
              [
                `C-${r.cell.agency}`,
                LINES[r.cell.line],
                MONTHS[r.cell.month]!.slice(0, 7),
                dollars(r.written),
                r.earned === null ? '' : dollars(r.earned),
              ].join(','),
            ),
          ].join('\n') + '\n',
        );
        const record = await stageFile(
          db,
          actor,
          { networkUuid, agencyUuid: null },
          {
            kind: 'production',
            carrierUuid: carrier,
            coversThrough: '2026-09-01',
            fileName: `file-${run}.csv`,
            filePath: file,
            storageDir: dir,
          },
        );
        await readRows(
          db,
          actor,
          record,
          {
            agencyCode: 'Agency Code',
            lineOfBusiness: 'Policy Type',
            month: 'Month',
            writtenPremium: 'Written Premium',
            earned: 'Earned Premium',
          },
          dir,
          { saveProfileAs: null },
        );
        const preview = await commitImport(db, actor, record.uuid, { refresh: 'agency', restatement });
        expect(preview.errorCount).toBe(0);
        expect(await factMap()).toEqual(expected);

        await undoImport(db, actor, record.uuid);
        expect(await factMap()).toEqual(before);
        expect(await reportedMonths()).toEqual(beforeMonths);
        expect(await networkRows(db, networkUuid, ROLLUP_TABLES)).toEqual(beforeRollups);
      }),
      { numRuns: 20, seed: 20261128 },
    );
  }, 600_000);
});
