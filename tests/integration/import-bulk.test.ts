import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_PERMISSION } from '#shared/domain/access.ts';
import { headerFingerprint } from '#shared/domain/import-matching.ts';
import { userPermissions } from '#server/db/schema/access.ts';
import { carriers, linesOfBusiness } from '#server/db/schema/dimensions.ts';
import { agencyCodes } from '#server/db/schema/facts.ts';
import { importProfiles } from '#server/db/schema/imports.ts';
import { finishBulkLoad, loadFile, resolveBulkTarget } from '#server/services/import/bulk-load.ts';
import { buildAgency, buildBroadLines, buildUser } from '#tests/support/factories.ts';
import { createTestDatabase } from '#tests/support/test-database.ts';
import type { Database } from '#server/db/client.ts';

let database: Database;
let dir: string;
let networkUuid: string;
let carrierUuid: string;
let staffEmail: string;
let viewerEmail: string;
let staffId: string;
const HEADER = ['Agent Code', 'Product Line', 'Accounting Month', 'Written Premium'];

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'bulk-'));
  const db = database.db;
  const agency = await buildAgency(db);
  networkUuid = agency.networkUuid;
  const { lines, classification } = await buildBroadLines(db);
  await db.insert(linesOfBusiness).values({
    classificationUuid: classification.uuid,
    parentUuid: lines.find((l) => l.code === 'PL')!.uuid,
    code: 'PAUTO',
    name: 'Personal Auto',
    level: 2,
  });
  const [carrier] = await db
    .insert(carriers)
    .values({ name: 'Bulk Mutual', displayName: 'Bulk Mutual' })
    .returning();
  carrierUuid = carrier!.uuid;
  await db.insert(agencyCodes).values({ agencyUuid: agency.uuid, carrierUuid, code: 'K-1', name: 'K-1' });
  const staff = await buildUser(db, { userType: 'internal' });
  const viewer = await buildUser(db, { userType: 'network', networkUuid });
  [staffEmail, viewerEmail, staffId] = [staff.email, viewer.email, staff.id];
  await db.insert(userPermissions).values({ userId: staff.id, permission: UPLOAD_PERMISSION });
  await db.insert(importProfiles).values({
    networkUuid,
    kind: 'production',
    name: 'Bulk portal',
    headerFingerprint: headerFingerprint(HEADER),
    columns: {
      agencyCode: 'Agent Code',
      lineOfBusiness: 'Product Line',
      month: 'Accounting Month',
      writtenPremium: 'Written Premium',
    },
    updatedBy: staff.id,
  });
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

async function csv(name: string, rows: string[]): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `${HEADER.join(',')}\n${rows.join('\n')}\n`);
  return file;
}

describe('Bulk loads (npm run import)', () => {
  it('loads years of history file by file with the profile, replacing on reload, then rebuilds the rollups', async () => {
    const db = database.db;
    const target = await resolveBulkTarget(db, {
      userEmail: staffEmail,
      network: networkUuid,
      profile: 'Bulk portal',
    });
    const common = { carrierUuid, coversThrough: '2025-12-01', storageDir: dir };
    const y2024 = await csv('2024.csv', [
      'K-1,Personal Auto,2024-01,100.10',
      'K-1,Personal Auto,2024-01,"$1,000.00"',
    ]);
    const y2025 = await csv('2025.csv', ['K-1,Personal Auto,2025-06,(50.00)']);
    const results = [
      await loadFile(db, target, { ...common, file: y2024 }),
      await loadFile(db, target, { ...common, file: y2025 }),
      await loadFile(db, target, { ...common, file: y2024 }),
    ];
    expect(results.map((r) => r.status)).toEqual(['loaded', 'loaded', 'loaded']);
    await finishBulkLoad(db, networkUuid);
    const facts = await db.execute<{ month: string; written: string }>(sql`
      select month::text as month, written_premium::text as written from production_facts
      where network_uuid = ${networkUuid}::uuid and source = 'feed' order by month`);
    expect(facts.rows).toEqual([
      { month: '2024-01-01', written: '1100.10' },
      { month: '2025-06-01', written: '-50.00' },
    ]);
    const rollup = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from production_carrier_months where network_uuid = ${networkUuid}::uuid`,
    );
    expect(rollup.rows[0]!.n).toBeGreaterThan(0);
  });

  it('loads nothing from a file with row errors, and refuses a file of another layout', async () => {
    const db = database.db;
    const target = await resolveBulkTarget(db, {
      userEmail: staffEmail,
      network: networkUuid,
      profile: 'Bulk portal',
    });
    const bad = await csv('bad.csv', ['K-1,Personal Auto,2025-07,10', 'K-1,Personal Auto,2025-08,ten']);
    const result = await loadFile(db, target, {
      carrierUuid,
      coversThrough: '2025-12-01',
      storageDir: dir,
      file: bad,
    });
    expect(result.status).toBe('refused');
    expect(result.preview.errors).toEqual([
      { rowNumber: 3, column: 'Written Premium', reason: '"ten" is not an amount.' },
    ]);
    const july = await db.execute(
      sql`select 1 from production_facts where network_uuid = ${networkUuid}::uuid and month = '2025-07-01'`,
    );
    expect(july.rows).toEqual([]);
    const other = path.join(dir, 'other.csv');
    await writeFile(other, 'Agency Code,Written Premium\nK-1,5\n');
    await expect(
      loadFile(db, target, { carrierUuid, coversThrough: '2025-12-01', storageDir: dir, file: other }),
    ).rejects.toThrow('is not the layout of profile "Bulk portal"');
  });

  it('loads two columns of one name each to the field its profile maps it to, by position', async () => {
    const db = database.db;
    const header = ['Agent Code', 'Product Line', 'Accounting Month', 'Premium', 'Premium'];
    await db.insert(importProfiles).values({
      networkUuid,
      kind: 'production',
      name: 'Twin premiums',
      headerFingerprint: headerFingerprint(header),
      columns: {
        agencyCode: 'Agent Code',
        lineOfBusiness: 'Product Line',
        month: 'Accounting Month',
        writtenPremium: 'Premium (column E)',
        newWrittenPremium: 'Premium (column D)',
      },
      updatedBy: staffId,
    });
    const target = await resolveBulkTarget(db, {
      userEmail: staffEmail,
      network: networkUuid,
      profile: 'Twin premiums',
    });
    const file = path.join(dir, 'twins.csv');
    await writeFile(file, `${header.join(',')}\nK-1,Personal Auto,2023-03,700.00,7000.00\n`);
    const result = await loadFile(db, target, {
      carrierUuid,
      coversThrough: '2023-03-01',
      storageDir: dir,
      file,
    });
    expect(result.status).toBe('loaded');
    const facts = await db.execute<{ written: string; new_written: string }>(sql`
      select written_premium::text as written, new_written_premium::text as new_written from production_facts
      where network_uuid = ${networkUuid}::uuid and month = '2023-03-01'`);
    expect(facts.rows).toEqual([{ written: '7000.00', new_written: '700.00' }]);
  });

  it('holds the command to the upload rules', async () => {
    await expect(
      resolveBulkTarget(database.db, {
        userEmail: viewerEmail,
        network: networkUuid,
        profile: 'Bulk portal',
      }),
    ).rejects.toThrow('Uploading carrier files needs the upload permission.');
    await expect(
      resolveBulkTarget(database.db, { userEmail: staffEmail, network: networkUuid, profile: 'Nope' }),
    ).rejects.toThrow('The network has no mapping profile named "Nope".');
  });

  it('reads dates and amounts as the upload page does: refused when ambiguous, read as declared', async () => {
    const target = await resolveBulkTarget(database.db, {
      userEmail: staffEmail,
      network: networkUuid,
      profile: 'Bulk portal',
    });
    const file = path.join(dir, 'european.csv');
    await writeFile(
      file,
      `${HEADER.join(';')}\nK-1;Personal Auto;01.10.2026;397.542\nK-1;Personal Auto;02.10.2026;12,5\n`,
    );
    const common = { carrierUuid, coversThrough: '2026-10-01', storageDir: dir, file };
    const result = await loadFile(database.db, target, common);
    expect(result.status).toBe('loaded');
    expect(result.preview.byMonth.map((m) => [m.month, m.writtenPremium])).toEqual([
      ['2026-10-01', '397554.50'],
    ]);
    const ambiguous = path.join(dir, 'ambiguous.csv');
    await writeFile(ambiguous, `${HEADER.join(';')}\nK-1;Personal Auto;2026-09;397.542\n`);
    await expect(loadFile(database.db, target, { ...common, file: ambiguous })).rejects.toThrow(
      "declare the file's decimal separator.",
    );
    const declared = await loadFile(database.db, target, {
      ...common,
      file: ambiguous,
      decimalSeparator: 'point',
    });
    expect(declared.status).toBe('refused');
    expect(declared.preview.errors[0]!.reason).toBe(
      '"397.542" has more than two decimals: amounts are loaded to the cent, never rounded.',
    );
  });
});
