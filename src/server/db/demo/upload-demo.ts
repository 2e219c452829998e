import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { commitImport } from '#server/services/import/import-load.ts';
import { discardStoredFile, readRows, stageFile } from '#server/services/import/import-staging.ts';
import { demoOwnerActor } from './manual-demo.ts';

/** The file name the demo's past upload carries on the upload page's history. */
export const DEMO_UPLOAD_FILE = 'carrier-statement.csv';

/** Quotes a CSV field when it needs it. */
const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The demo's past upload (issue: "no screen a demo account opens is empty on first visit"): the
 * owner's agency's carrier statement for the latest reported month, from the carrier it has the
 * most lines at that month, uploaded by the owner through the upload steps themselves (stage, read
 * with its columns, commit), so the import record, its audit row, the facts and the read model
 * agree. The file restates the figures the feed already holds for those cells, so loading it
 * leaves every total as it was; the upload page's history lists it for the owner, the agency's
 * administrators and the network's users. Runs after the read model is built.
 */
export async function seedDemoUpload(db: Db): Promise<{ uploads: number; rows: number }> {
  const actor = await demoOwnerActor(db);
  if (!actor) return { uploads: 0, rows: 0 };
  const latest = (
    await db.execute<{ month: string | null }>(sql`
      select max(month)::text as month from production_facts
      where agency_uuid = ${actor.agencyUuid}::uuid and source = 'feed'`)
  ).rows[0]?.month;
  if (!latest) return { uploads: 0, rows: 0 };
  const carrier = (
    await db.execute<{ carrier_uuid: string }>(sql`
      select f.carrier_uuid from production_facts f join carriers c on c.uuid = f.carrier_uuid
      where f.agency_uuid = ${actor.agencyUuid}::uuid and f.source = 'feed' and f.month = ${latest}::date
        and f.agency_code_uuid is not null
      group by f.carrier_uuid, c.display_name
      order by count(*) desc, c.display_name limit 1`)
  ).rows[0];
  if (!carrier) return { uploads: 0, rows: 0 };
  const lines = (
    await db.execute<{
      code: string;
      line: string;
      written: string | null;
      new_written: string | null;
      earned: string | null;
      incurred: string | null;
    }>(sql`
      select ac.code, l.code as line, f.written_premium::text as written,
        f.new_written_premium::text as new_written, f.earned::text as earned, f.incurred::text as incurred
      from production_facts f
      join agency_codes ac on ac.uuid = f.agency_code_uuid and ac.agency_uuid = f.agency_uuid
      join lines_of_business l on l.uuid = f.line_uuid
      where f.agency_uuid = ${actor.agencyUuid}::uuid and f.carrier_uuid = ${carrier.carrier_uuid}::uuid
        and f.source = 'feed' and f.month = ${latest}::date
      order by ac.code, l.sort_order, l.code`)
  ).rows;
  const header = [
    'Agency Code',
    'Line',
    'Written Premium',
    'New Business',
    'Earned Premium',
    'Incurred Loss',
  ];
  const body = lines.map((r) =>
    [r.code, r.line, r.written ?? '', r.new_written ?? '', r.earned ?? '', r.incurred ?? '']
      .map(csvField)
      .join(','),
  );
  const storageDir = await mkdtemp(path.join(tmpdir(), 'understanding-demo-upload-'));
  try {
    const file = path.join(storageDir, DEMO_UPLOAD_FILE);
    await writeFile(file, `${[header.join(','), ...body].join('\n')}\n`);
    const staged = await stageFile(
      db,
      actor,
      { networkUuid: actor.networkUuid, agencyUuid: actor.agencyUuid },
      {
        kind: 'production',
        carrierUuid: carrier.carrier_uuid,
        coversThrough: latest,
        fileName: DEMO_UPLOAD_FILE,
        filePath: file,
        storageDir,
      },
    );
    const read = await readRows(
      db,
      actor,
      staged,
      {
        agencyCode: 'Agency Code',
        lineOfBusiness: 'Line',
        writtenPremium: 'Written Premium',
        newWrittenPremium: 'New Business',
        earned: 'Earned Premium',
        incurred: 'Incurred Loss',
      },
      storageDir,
      { saveProfileAs: null, oneMonth: true },
    );
    const loaded = await commitImport(db, actor, read.uuid, { refresh: 'agency' });
    await discardStoredFile(storageDir, read.uuid);
    return { uploads: 1, rows: loaded.rowsToLoad };
  } finally {
    await rm(storageDir, { recursive: true, force: true });
  }
}
