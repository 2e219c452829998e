import { MONTH_NAMES } from '#client/lib/month-names.ts';
import {
  MANUAL_LINE_CODES,
  type CarrierEntryList,
  type CarrierEntryRecord,
  type ManualLineCode,
} from '#shared/contracts/manual-entry.ts';
import { compareLineCodes, inLineDisplayOrder } from '#shared/domain/line-order.ts';
import { formatYearMonth } from '#shared/domain/reporting-month.ts';

/**
 * The manual entry screens' view of GET /api/carrierentry/fetch (spec part 2 §2): carriers, their
 * sub-codes and lines of business, and the entries of each, newest first.
 */

/** The list's line-of-business badges, in the spec's display order (PL, CL, BOND, CROP). */
export const BADGE_LINES: readonly ManualLineCode[] = inLineDisplayOrder(MANUAL_LINE_CODES);

export type LineBlock = {
  code: ManualLineCode;
  /** Newest first. */
  entries: CarrierEntryRecord[];
  /** The latest entry is for the current month. */
  current: boolean;
};

export type SubCodeGroup = { uuid: string; code: string; lines: LineBlock[] };

export type CarrierGroup = {
  uuid: string;
  name: string;
  writtenPremiumYtd: number;
  subCodes: SubCodeGroup[];
  /** Per badge line: 'none', 'entered' (highlighted) or 'current' (latest entry is for last month). */
  badges: Record<ManualLineCode, 'none' | 'entered' | 'current'>;
  /** Months of the year (1-12) with at least one entry. */
  monthsCompleted: Set<number>;
  entries: CarrierEntryRecord[];
};

const yearMonthOf = (e: Pick<CarrierEntryRecord, 'year' | 'month'>) => formatYearMonth(e.year, e.month);

function newestFirst(a: CarrierEntryRecord, b: CarrierEntryRecord): number {
  return b.year - a.year || b.month - a.month;
}

/** Groups the entries of the list by carrier (in the server's order), sub-code and line. */
export function carrierGroups(list: CarrierEntryList): CarrierGroup[] {
  return list.carriers.map((carrier) => {
    const entries = list.entries.filter((e) => e.companyUuid === carrier.companyUuid).sort(newestFirst);
    const subCodes = new Map<string, SubCodeGroup>();
    for (const entry of entries) {
      let group = subCodes.get(entry.subCodeUuid);
      if (!group) {
        group = { uuid: entry.subCodeUuid, code: entry.subCode, lines: [] };
        subCodes.set(entry.subCodeUuid, group);
      }
      let block = group.lines.find((l) => l.code === entry.policyTypeCode);
      if (!block) {
        block = { code: entry.policyTypeCode, entries: [], current: false };
        group.lines.push(block);
      }
      block.entries.push(entry);
    }
    const badges = Object.fromEntries(BADGE_LINES.map((code) => [code, 'none'])) as CarrierGroup['badges'];
    for (const group of subCodes.values()) {
      group.lines.sort((a, b) => compareLineCodes(a.code, b.code));
      for (const block of group.lines) {
        block.current = yearMonthOf(block.entries[0]!) >= list.currentMonth;
        if (block.current) badges[block.code] = 'current';
        else if (badges[block.code] === 'none') badges[block.code] = 'entered';
      }
    }
    return {
      uuid: carrier.companyUuid,
      name: carrier.companyName,
      writtenPremiumYtd: carrier.writtenPremiumYtd,
      subCodes: [...subCodes.values()].sort((a, b) => a.code.localeCompare(b.code)),
      badges,
      monthsCompleted: new Set(entries.map((e) => e.month)),
      entries,
    };
  });
}

/** The entry at the same sub-code, line, year and month, if one exists (spec part 2 §5 warning). */
export function matchingEntry(
  entries: readonly CarrierEntryRecord[],
  key: { carrierUuid: string; subCodeUuid: string | null; policyType: string; year: number; month: number },
): CarrierEntryRecord | undefined {
  if (!key.subCodeUuid) return undefined;
  return entries.find(
    (e) =>
      e.companyUuid === key.carrierUuid &&
      e.subCodeUuid === key.subCodeUuid &&
      e.policyTypeCode === key.policyType &&
      e.year === key.year &&
      e.month === key.month,
  );
}

export { MONTH_NAMES };

/** 'March 2026'. */
export const monthYearText = (year: number, month: number) => `${MONTH_NAMES[month - 1]} ${year}`;

/** A saved amount as the form shows it: '1234.5' -> '1,234.50'. */
export function amountText(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
