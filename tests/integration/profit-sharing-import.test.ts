import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { agreementsResponseSchema } from '#shared/contracts/profit-sharing.ts';
import {
  AGREEMENT_IMPORT_COLUMNS,
  agreementTemplateCsv,
  importAgreementsResponseSchema,
} from '#shared/contracts/profit-sharing-import.ts';
import { csvText } from '#shared/domain/csv.ts';
import { auditLog } from '#server/db/schema/auth.ts';
import { ensureReadModel } from '#server/services/read-model/refresh.ts';
import {
  type buildAgency,
  buildAgencyTrio,
  buildCarrier,
  buildFacts,
  buildLineTree,
  buildProductFeature,
  buildUser,
} from '#tests/support/factories.ts';
import { createTestApp, injectAs, signInAll, type TestApp } from '#tests/support/test-app.ts';

// 22 November 2026: the latest reporting month is 2026-10.
let t: TestApp;
let home: Awaited<ReturnType<typeof buildAgency>>;
let sibling: Awaited<ReturnType<typeof buildAgency>>;
const cookies: Record<string, string> = {};

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  injectAs(t.app, cookies[who] ?? '', method, url, body);
const json = (response: { body: string }) => JSON.parse(response.body) as unknown;
const failure = (response: { body: string }) => errorResponseSchema.parse(json(response)).error;
const count = async () =>
  Number(
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from profit_share_agreements`))
      .rows[0]!.n,
  );

type Cells = Partial<Record<(typeof AGREEMENT_IMPORT_COLUMNS)[number], string | number>>;
/** A file of the template's columns, each row given by the cells it fills. */
const file = (rows: Cells[]) =>
  csvText(
    AGREEMENT_IMPORT_COLUMNS,
    rows.map((cells) => AGREEMENT_IMPORT_COLUMNS.map((column) => cells[column] ?? null)),
  );

beforeAll(async () => {
  t = await createTestApp({}, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  ({ home, sibling } = await buildAgencyTrio(db));
  const lines = await buildLineTree(db, {
    PL: [
      ['PA', 'Personal Auto'],
      ['HO', 'Homeowners'],
    ],
    CL: [['CP', 'Commercial Property']],
  });
  const acme = (await buildCarrier(db, { name: 'Acme Mutual' })).uuid;
  const months = (year: number, count: number, wp: string, il: string) =>
    Array.from({ length: count }, (_, i) => ({
      carrierUuid: acme,
      lineUuid: lines.byCode.PA!.uuid,
      month: `${year}-${String(i + 1).padStart(2, '0')}-01`,
      writtenPremium: wp,
      newWrittenPremium: '100.00',
      earned: wp,
      incurred: il,
    }));
  await buildFacts(
    db,
    home,
    [...months(2025, 12, '1000.00', '400.00'), ...months(2026, 10, '1100.00', '450.00')],
    { reported: true },
  );
  await buildFacts(db, sibling, months(2026, 10, '500.00', '100.00'), { reported: true });
  await ensureReadModel(db, () => {});
  await buildProductFeature(db, { key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext' }, [
    home.uuid,
    sibling.uuid,
  ]);
  const users = {
    owner: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid, isOwner: true }),
    user: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid }),
    siblingOwner: await buildUser(db, {
      agencyUuid: sibling.uuid,
      networkUuid: home.networkUuid,
      isOwner: true,
    }),
    network: await buildUser(db, { userType: 'network', networkUuid: home.networkUuid }),
  };
  Object.assign(cookies, await signInAll(t.app, users));
});

afterAll(async () => {
  await t?.close();
});

describe('profit-sharing agreements from the CSV template', () => {
  it("imports the template's example as the grid editor would save it, with its projection and audit row", async () => {
    const response = await call('owner', 'POST', '/api/profit-sharing/agreements/import', {
      csv: agreementTemplateCsv('acme mutual', 2026),
    });
    expect(response.statusCode).toBe(200);
    const { imported, agreementUuids } = importAgreementsResponseSchema.parse(json(response));
    expect(imported).toBe(1);
    const listed = agreementsResponseSchema.parse(
      json(await call('owner', 'GET', '/api/profit-sharing/agreements')),
    );
    const [summary] = listed.agreements;
    expect(summary!.agreement).toMatchObject({
      agreementUuid: agreementUuids[0],
      agencyUuid: home.uuid,
      carrierName: 'Acme Mutual',
      name: 'Personal lines growth bonus',
      measure: 'writtenPremium',
      lines: { broadLines: ['PL'], standardTypes: [] },
      policiesInForce: null,
      terms: {
        grid: {
          axis: 'growth',
          lossRatioUnder: [50, 60],
          minimums: [0, 5, 10],
          rates: [
            [1, 2, 3],
            [0.5, 1, 1.5],
          ],
        },
        gates: {
          minimumPremium: 5000,
          maximumLossRatio: 55,
          lossRatioYears: 3,
          minimumGrowth: null,
          largeLossCap: null,
        },
        kicker: null,
      },
    });
    // 11,000 written so far against 10,000 (10 % growth), loss ratio 4,500 / 11,000 under 50 %: 3 %.
    expect(summary!.yearToDatePayout).toBe(330);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'profit_share_agreement'), eq(auditLog.entityId, agreementUuids[0]!)));
    expect(audit.map((row) => [row.action, row.agencyUuid])).toEqual([['create', home.uuid]]);
  });

  it('reads every row shape: several agreements, excluded lines and types, a kicker, blank repeats', async () => {
    const csv = file([
      {
        Carrier: 'Acme Mutual',
        Year: 2026,
        Agreement: 'P&C less crop',
        'Lines covered': 'P&C',
        'Lines excluded': 'CROP BOND',
        'Bonus on': 'earned premium',
        'Grid axis': 'premium',
        'Loss ratio under %': '60%',
        'Band minimum': '$100,000',
        'Bonus %': '1.5',
      },
      {
        Carrier: 'Acme Mutual',
        Year: 2026,
        Agreement: 'P&C less crop',
        'Loss ratio under %': 60,
        'Band minimum': 'none',
        'Bonus %': '-',
      },
      {
        Carrier: 'Acme Mutual',
        Year: 2026,
        Agreement: 'Autos only',
        'Lines covered': 'PL',
        'Lines excluded': 'HO',
        'Bonus on': 'written',
        'Policies in force': 600,
        'Kicker new business': '5,000',
        'Kicker rate %': 1,
        'Grid axis': 'policies in force',
        'Loss ratio under %': 'any',
        'Band minimum': 580,
        'Bonus %': 2.8,
      },
    ]);
    const response = await call('owner', 'POST', '/api/profit-sharing/agreements/import', { csv });
    expect(response.statusCode, response.body).toBe(200);
    const listed = agreementsResponseSchema.parse(
      json(await call('owner', 'GET', '/api/profit-sharing/agreements?year=2026')),
    );
    const byName = new Map(listed.agreements.map((s) => [s.agreement.name, s.agreement]));
    expect(byName.get('P&C less crop')).toMatchObject({
      measure: 'earnedPremium',
      lines: { broadLines: ['PL', 'CL'], standardTypes: [] },
      terms: {
        grid: { axis: 'premium', lossRatioUnder: [60], minimums: [null, 100_000], rates: [[null, 1.5]] },
      },
    });
    expect(byName.get('Autos only')).toMatchObject({
      lines: { broadLines: ['PL'], standardTypes: ['PA'] },
      policiesInForce: 600,
      terms: {
        grid: { axis: 'policiesInForce', lossRatioUnder: [null] },
        kicker: { newBusinessThreshold: 5000, rate: 1 },
      },
    });
  });

  it('names the row, the column and the problem of every error, and saves nothing', async () => {
    const before = await count();
    const csv = file([
      // A good agreement: not saved, since the file has errors.
      {
        Carrier: 'Acme Mutual',
        Year: 2026,
        Agreement: 'Fine',
        'Lines covered': 'CL',
        'Bonus on': 'written',
        'Grid axis': 'growth',
        'Loss ratio under %': 55,
        'Bonus %': 2,
      },
      {
        Carrier: 'Nowhere Mutual',
        Year: 2026,
        Agreement: 'Unknown carrier',
        'Lines covered': 'PL',
        'Bonus on': 'written',
        'Grid axis': 'growth',
        'Loss ratio under %': 55,
        'Bonus %': 2,
      },
      {
        Carrier: 'Acme Mutual',
        Year: 2026,
        Agreement: 'Too generous',
        'Lines covered': 'PL',
        'Bonus on': 'written',
        'Grid axis': 'growth',
        'Loss ratio under %': 55,
        'Bonus %': 150,
      },
      {
        Carrier: 'Acme Mutual',
        Year: 2026,
        Agreement: 'Bad cells',
        'Lines covered': 'PL',
        'Bonus on': 'written',
        'Grid axis': 'growth',
        'Loss ratio under %': 55,
        'Band minimum': 0,
        'Bonus %': 1,
      },
      {
        Carrier: 'Acme Mutual',
        Year: 2026,
        Agreement: 'Bad cells',
        'Bonus on': 'earned',
        'Loss ratio under %': 55,
        'Band minimum': 'five',
        'Bonus %': 1,
      },
      {
        Carrier: 'Acme Mutual',
        Year: 2026,
        Agreement: 'Holes',
        'Lines covered': 'PL',
        'Bonus on': 'written',
        'Grid axis': 'growth',
        'Loss ratio under %': 50,
        'Band minimum': 0,
        'Bonus %': 1,
      },
      {
        Carrier: 'Acme Mutual',
        Year: 2026,
        Agreement: 'Holes',
        'Loss ratio under %': 60,
        'Band minimum': 5,
        'Bonus %': 1,
      },
      {
        Carrier: 'Acme Mutual',
        Year: 2026,
        Agreement: 'Personal lines growth bonus',
        'Lines covered': 'PL',
        'Bonus on': 'written',
        'Grid axis': 'growth',
        'Loss ratio under %': 55,
        'Bonus %': 1,
      },
    ]);
    const response = await call('owner', 'POST', '/api/profit-sharing/agreements/import', { csv });
    expect(response.statusCode).toBe(400);
    const error = failure(response);
    expect(error.message).toMatch(
      /^Nothing was imported: the file has 7 problems\. Row 3, Carrier: "Nowhere Mutual"/,
    );
    expect(error.fields).toEqual({
      'Row 3, Carrier':
        '"Nowhere Mutual" is not a carrier of the catalogue (type its name as the agreement editor lists it)',
      // The grid editor's contract's own message, on the row of the cell.
      'Row 4, Bonus %': 'A bonus rate must be at most 100 %',
      'Row 6, Bonus on': `"earned" differs from row 5's "written": an agreement's own columns are read from its first row; leave them blank on its other rows`,
      'Row 6, Band minimum': '"five" is not a number',
      'Row 7, Bonus %':
        'The grid has no row for loss ratio under 50 % and band minimum 5: add one (a blank Bonus % pays nothing); ' +
        'The grid has no row for loss ratio under 60 % and band minimum 0: add one (a blank Bonus % pays nothing)',
      'Row 9, Agreement':
        'There is already an agreement named "Personal lines growth bonus" with this carrier for 2026',
    });
    expect(await count()).toBe(before);
  });

  it('refuses a file without the template header, and one without rows', async () => {
    const noHeader = await call('owner', 'POST', '/api/profit-sharing/agreements/import', {
      csv: 'Carrier,Year\r\nAcme,2026\r\n',
    });
    expect(noHeader.statusCode).toBe(400);
    expect(failure(noHeader).message).toMatch(
      /^The header row \(row 1\) lacks the template's columns "Agreement"/,
    );
    const empty = await call('owner', 'POST', '/api/profit-sharing/agreements/import', { csv: file([]) });
    expect(empty.statusCode).toBe(400);
    expect(failure(empty).message).toMatch(/^The file has no agreement/);
  });

  it('imports exactly where POST agreements writes: not for a plain user, another agency or the network by an owner', async () => {
    const csv = agreementTemplateCsv('Acme Mutual', 2026, 'Scope check');
    const before = await count();
    for (const [who, levelUuid] of [
      ['user', undefined],
      ['siblingOwner', home.uuid],
      ['owner', home.networkUuid],
    ] as const) {
      const response = await call(who, 'POST', '/api/profit-sharing/agreements/import', {
        csv,
        ...(levelUuid ? { levelUuid } : {}),
      });
      expect(response.statusCode, who).toBe(403);
    }
    expect(await count()).toBe(before);
    const network = await call('network', 'POST', '/api/profit-sharing/agreements/import', { csv });
    expect(network.statusCode).toBe(200);
    const listed = agreementsResponseSchema.parse(
      json(await call('network', 'GET', '/api/profit-sharing/agreements')),
    );
    expect(listed.agreements.map((s) => [s.agreement.agencyUuid, s.agreement.name])).toEqual([
      [null, 'Scope check'],
    ]);
  });
});

describe('the projections as XLSX', () => {
  it('holds the CSV rows exactly, amounts as numbers in a currency format', async () => {
    const csvResponse = await call('network', 'GET', '/api/profit-sharing/agreements/export?year=2026');
    const xlsxResponse = await call('network', 'GET', '/api/profit-sharing/agreements/export.xlsx?year=2026');
    expect(xlsxResponse.statusCode).toBe(200);
    expect(xlsxResponse.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsxResponse.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const csvRows: string[][] = parse(csvResponse.body, { bom: true });
    expect(csvRows.length).toBeGreaterThanOrEqual(5);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsxResponse.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const xlsxRows: string[][] = [];
    const usdColumns = csvRows[0]!.flatMap((name, index) => (name.includes('(USD)') ? [index + 1] : []));
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells = csvRows[0]!.map((_, index) => {
        const cell = row.getCell(index + 1);
        const value = cell.value;
        if (rowNumber > 1 && usdColumns.includes(index + 1) && value !== null) {
          expect(typeof value).toBe('number');
          expect(cell.numFmt).toContain('$');
        }
        return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
      });
      xlsxRows.push(cells);
    });
    expect(xlsxRows).toEqual(csvRows);
  });
});
