import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import {
  CHECK_TEMPLATE_COLUMNS,
  MAX_CHECK_AMOUNT,
  MAX_MEMO_LENGTH,
  MAX_TEMPLATE_ROWS,
  receivedOnSchema,
} from '#shared/contracts/profit-sharing-checks.ts';
import { csvText } from '#shared/domain/csv.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import { insertCheck } from './checks.ts';

/**
 * The bulk template of contingent checks: a CSV with the columns Carrier, Year, Amount, Date received
 * and Memo, one check a row. An upload is read whole and every row checked (the carrier and year name
 * exactly one of the network's own agreements, the amount is dollars and cents, the date a day): when
 * any row is wrong nothing is recorded, and the message names each wrong row (as a spreadsheet numbers
 * it, the header being row 1) and what is wrong with it.
 */

/** GET /api/profit-sharing/checks/template: the header, ready to fill. */
export const checksTemplate = () => csvText(CHECK_TEMPLATE_COLUMNS, []);
export const CHECKS_TEMPLATE_NAME = 'contingent-checks-template.csv';

/** The most problems one answer lists (the count of the others follows). */
const LISTED = 20;

/** "$1,234.56", "1234.5" or "1234" to cents; null when it is not an amount of dollars and cents. */
function centsOf(text: string): number | null {
  const plain = text.replace(/^\$/, '').replaceAll(',', '').trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "2026-03-15" or "3/15/2026" to YYYY-MM-DD; null when it is not a day. */
function dayOf(text: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const day = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : text.trim();
  return receivedOnSchema.safeParse(day).success ? day : null;
}

type Agreement = { uuid: string; carrier_uuid: string; year: number; names: string[] };

/** POST /api/profit-sharing/checks/import: records every row of the filled template, or none. */
export async function importChecks(db: Db, actor: Actor, networkUuid: string, csv: string): Promise<number> {
  let records: string[][];
  try {
    const parsed: unknown = parse(csv.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
    records = parsed as string[][];
  } catch (error) {
    const message = `The file is not a CSV file: ${(error as Error).message}`;
    throw new AppError('bad_request', message, { csv: message });
  }
  const [header, ...rows] = records;
  const expected = CHECK_TEMPLATE_COLUMNS.map((c) => c.toLowerCase());
  if (!header || expected.some((column, i) => (header[i] ?? '').toLowerCase() !== column)) {
    const message = `The first row must be the template's header: ${CHECK_TEMPLATE_COLUMNS.join(', ')}.`;
    throw new AppError('bad_request', message, { csv: message });
  }
  const filled = rows
    .map((cells, index) => ({ row: index + 2, cells }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  if (filled.length === 0) {
    const message = 'The file has no checks: fill one row per check under the header.';
    throw new AppError('bad_request', message, { csv: message });
  }
  if (filled.length > MAX_TEMPLATE_ROWS) {
    const message = `The file has ${filled.length} checks; upload at most ${MAX_TEMPLATE_ROWS} at a time.`;
    throw new AppError('bad_request', message, { csv: message });
  }

  const agreements = (
    await db.execute<Agreement>(sql`
      select a.uuid, a.carrier_uuid, a.year, array[lower(c.display_name), lower(c.name)] as names
      from profit_share_agreements a join carriers c on c.uuid = a.carrier_uuid
      where a.network_uuid = ${networkUuid}::uuid and a.agency_uuid is null`)
  ).rows;

  const problems: string[] = [];
  const checks: {
    agreement: Agreement;
    fields: { amount: number; receivedOn: string; memo: string };
  }[] = [];
  for (const { row, cells } of filled) {
    const [carrier = '', yearText = '', amountText = '', dateText = '', memo = ''] = cells;
    const wrong: string[] = [];
    if (cells.length > CHECK_TEMPLATE_COLUMNS.length && cells.slice(5).some((c) => c !== ''))
      wrong.push(`it has more than the template's ${CHECK_TEMPLATE_COLUMNS.length} columns`);
    const year = /^\d{4}$/.test(yearText) ? Number(yearText) : null;
    if (year === null || year < 2000 || year > 2100)
      wrong.push(`the year "${yearText}" is not a year between 2000 and 2100`);
    let agreement: Agreement | undefined;
    if (carrier === '') wrong.push('the carrier is missing');
    else if (year !== null) {
      const matching = agreements.filter(
        (a) => Number(a.year) === year && a.names.includes(carrier.toLowerCase()),
      );
      if (matching.length === 0)
        wrong.push(`the network has no agreement with the carrier "${carrier}" for ${year}`);
      else if (matching.length > 1)
        wrong.push(
          `the network has ${matching.length} agreements with "${carrier}" for ${year}: record this check on its own to choose one`,
        );
      else agreement = matching[0];
    }
    const cents = centsOf(amountText);
    if (amountText === '') wrong.push('the amount is missing');
    else if (cents === null) wrong.push(`the amount "${amountText}" is not dollars and cents (1234.56)`);
    else if (cents === 0) wrong.push('the amount must be more than $0.00');
    else if (cents > Math.round(MAX_CHECK_AMOUNT * 100))
      wrong.push('the amount must be at most $999,999,999.99');
    const receivedOn = dateText === '' ? null : dayOf(dateText);
    if (dateText === '') wrong.push('the date received is missing');
    else if (receivedOn === null)
      wrong.push(`the date received "${dateText}" is not a day (YYYY-MM-DD or MM/DD/YYYY)`);
    if (memo.length > MAX_MEMO_LENGTH) wrong.push(`the memo is longer than ${MAX_MEMO_LENGTH} characters`);
    if (wrong.length > 0) problems.push(`Row ${row}: ${wrong.join('; ')}.`);
    else
      checks.push({
        agreement: agreement!,
        fields: { amount: cents! / 100, receivedOn: receivedOn!, memo },
      });
  }
  if (problems.length > 0) {
    const more = problems.length > LISTED ? ` And ${problems.length - LISTED} more rows.` : '';
    const message = `Nothing was recorded: ${problems.length} of ${filled.length} rows are wrong. ${problems
      .slice(0, LISTED)
      .join(' ')}${more}`;
    throw new AppError('bad_request', message, { csv: message });
  }
  await db.transaction(async (tx) => {
    for (const { agreement, fields } of checks) {
      await insertCheck(
        tx,
        actor,
        {
          networkUuid,
          agreementUuid: agreement.uuid,
          carrierUuid: agreement.carrier_uuid,
          year: Number(agreement.year),
        },
        fields,
      );
    }
  });
  return checks.length;
}
