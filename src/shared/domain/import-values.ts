/**
 * Reading the values of carrier files: amounts and months as carriers' portals write them.
 * Pure functions, used by the server's file reader and by the upload page's preview.
 */

/** A parsed cell: the value, or why it could not be read. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const ZERO = 48;
const NINE = 57;
const COMMA = 44;
const DOT = 46;

const NOT_REPORTED = new Set(['', 'n/a', 'na', 'null', 'none', '#n/a']);

/**
 * What an amount's text is stripped of, in this order (each step at most once): its group 1 is kept;
 * a step that `negates` counts a minus sign.
 */
const AMOUNT_STRIPS: readonly { pattern: RegExp; negates: boolean; when?: (s: string) => boolean }[] = [
  { pattern: /^(.*\d)\s*cr$/i, negates: true },
  { pattern: /^\+(?![-+(])(.+)$/, negates: false },
  { pattern: /^\((.*)\)$/, negates: true },
  { pattern: /^usd\s*(.*)$/i, negates: false },
  { pattern: /^(.*?)\s*usd$/i, negates: false },
  { pattern: /^-(.*)$/, negates: true },
  { pattern: /^(.+)-$/, negates: true, when: (s) => s.length > 1 },
  { pattern: /^\$(.*)$/, negates: false },
  { pattern: /^\((.*)\)$/, negates: true },
  { pattern: /^-(.*)$/, negates: true, when: (s) => s !== '-' },
];

/** The most whole digits an amount has (the facts keep numeric(16, 2)). */
const MAX_WHOLE_DIGITS = 14;

/** How a file writes the decimals of its amounts: '1,234.56' (point) or '1.234,56' (comma). */
export const DECIMAL_SEPARATORS = ['point', 'comma'] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];

export const DECIMAL_SEPARATOR_LABELS: Record<DecimalSeparator, string> = {
  point: 'Decimal point (1,234.56)',
  comma: 'Decimal comma (1.234,56)',
};

/**
 * An amount in dollars as an exact decimal string with two places ('1234.50', '-12.00'), or null
 * when the cell is blank ("not reported", never zero). Accepts '$', 'USD', a leading '+',
 * thousands separators, parentheses, a leading/trailing '-' or a trailing 'CR' for negatives, and
 * the accounting dash ('$ -') for zero. Read with the file's decimal separator: with a point, ','
 * and spaces group thousands; with a comma, '.' and spaces do. `null`: the value says which it is
 * itself, and one that could be either ('12.345', '1,234') is refused as ambiguous. Never rounded:
 * more than two decimals is an error, except the trailing digits of a binary floating-point
 * rendering of a cent amount ('1234.5600000000001').
 */
export function parseAmount(raw: string, decimal: DecimalSeparator | null = 'point'): Parsed<string | null> {
  if (decimal === 'point') {
    const quick = quickAmount(raw);
    if (quick !== undefined) return { ok: true, value: quick };
  }
  return readAmount(raw, decimal);
}

/**
 * Which decimal separator an amount's text shows, by its separators alone: the last of '.' and ','
 * when it has both; the other one when one of them repeats ('1.234.567'); the one it has when the
 * digits after it are not three ('12,5'); 'ambiguous' for one separator followed by exactly three
 * digits ('12.345', '1,234'); null when it has neither. One scan, no allocation.
 */
export function decimalHint(raw: string): DecimalSeparator | 'ambiguous' | null {
  let dots = 0;
  let commas = 0;
  let lastDot = -1;
  let lastComma = -1;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === DOT) {
      dots++;
      lastDot = i;
    } else if (c === COMMA) {
      commas++;
      lastComma = i;
    }
  }
  if (dots === 0 && commas === 0) return null;
  if (dots > 0 && commas > 0) return lastDot > lastComma ? 'point' : 'comma';
  if (dots > 1) return 'comma';
  if (commas > 1) return 'point';
  const at = dots === 1 ? lastDot : lastComma;
  let digits = 0;
  for (let i = at + 1; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= ZERO && c <= NINE) digits++;
    else break;
  }
  if (digits === 3) return 'ambiguous';
  return dots === 1 ? 'point' : 'comma';
}

/**
 * The common shapes of an amount read by one scan of its characters, with no regular expression and,
 * for a plain '1234.56' or '-1234.56', no new string: an empty cell (null), digits with an optional
 * '.' and at most two decimals, thousands separated by ',', led by '-', '$' or '-$', or in
 * parentheses ('($1,234.56)'). Anything else is undefined, for `readAmount` to read: what this
 * answers is always what `readAmount` answers (a property test holds them to it).
 */
export function quickAmount(raw: string): string | null | undefined {
  let end = raw.length;
  if (end === 0) return null;
  let i = 0;
  let negative = false;
  let c = raw.charCodeAt(0);
  if (c === 40 /* ( */) {
    if (raw.charCodeAt(end - 1) !== 41 /* ) */) return undefined;
    negative = true;
    i = 1;
    end--;
  } else if (c === 45 /* - */) {
    negative = true;
    i = 1;
  }
  let plain = true;
  if (raw.charCodeAt(i) === 36 /* $ */) {
    plain = false;
    i++;
  }
  const wholeStart = i;
  c = raw.charCodeAt(i);
  if (!(c >= ZERO && c <= NINE)) return undefined;
  let digits = 0;
  let leadingZero = c === ZERO;
  // Digits up to the first ',' or '.'; then groups of exactly three digits after each ','.
  let group = 0;
  let grouped = false;
  for (; i < end; i++) {
    c = raw.charCodeAt(i);
    if (c >= ZERO && c <= NINE) {
      digits++;
      group++;
    } else if (c === COMMA) {
      if (grouped ? group !== 3 : group > 3) return undefined;
      grouped = true;
      plain = false;
      group = 0;
    } else break;
  }
  if (grouped && group !== 3) return undefined;
  // '0' alone is fine; '007' or '0,123' is read by the general path.
  if (leadingZero && digits > 1) return undefined;
  leadingZero = leadingZero && digits === 1;
  if (digits > MAX_WHOLE_DIGITS) return undefined;
  const wholeEnd = i;
  let decimals = 0;
  let fractionStart = end;
  if (i < end) {
    if (c !== DOT) return undefined;
    fractionStart = ++i;
    for (; i < end; i++) {
      c = raw.charCodeAt(i);
      if (!(c >= ZERO && c <= NINE)) return undefined;
      decimals++;
    }
    if (decimals > 2) return undefined;
  }
  if (negative && leadingZero) {
    // '-0', '(0.00)': zero, never signed.
    for (let k = fractionStart; k < end; k++) if (raw.charCodeAt(k) !== ZERO) return undefined;
    return '0.00';
  }
  if (plain && decimals === 2 && end === raw.length) return raw;
  const whole = grouped
    ? raw.slice(wholeStart, wholeEnd).replaceAll(',', '')
    : raw.slice(wholeStart, wholeEnd);
  const fraction =
    decimals === 2 ? raw.slice(fractionStart, end) : decimals === 1 ? `${raw[fractionStart]}0` : '00';
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** `parseAmount` for any shape it accepts (see there), by the general path. */
export function readAmount(raw: string, decimal: DecimalSeparator | null = 'point'): Parsed<string | null> {
  let s = raw.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (NOT_REPORTED.has(s.toLowerCase())) return { ok: true, value: null };
  const notAmount: Parsed<string | null> = { ok: false, reason: `"${raw.trim()}" is not an amount.` };
  let signs = 0;
  for (const step of AMOUNT_STRIPS) {
    if (step.when && !step.when(s)) continue;
    const m = step.pattern.exec(s);
    if (!m) continue;
    s = (m[1] ?? '').trim();
    if (step.negates) signs++;
  }
  if (signs > 1) return notAmount;
  const negative = signs === 1;
  if (s === '-' || s === '') return { ok: true, value: '0.00' };
  let separator = decimal;
  if (separator === null) {
    const hint = decimalHint(s);
    if (hint === 'ambiguous') {
      return {
        ok: false,
        reason: `"${raw.trim()}" could be read with a decimal point or a decimal comma: declare the file's decimal separator.`,
      };
    }
    separator = hint ?? 'point';
  }
  if (separator === 'point' && /^\d+(\.\d+)?e[+-]?\d+$/i.test(s)) s = expandExponent(s);
  const shape =
    separator === 'point' ? /^(\d{1,3}([, ]\d{3})+|\d+)?(\.\d*)?$/ : /^(\d{1,3}([. ]\d{3})+|\d+)?(,\d*)?$/;
  if (!shape.test(s) || !/\d/.test(s)) return notAmount;
  const [whole = '', fraction = ''] = (
    separator === 'point' ? s.replace(/[, ]/g, '') : s.replace(/[. ]/g, '').replace(',', '.')
  ).split('.');
  const cents = centsOf(fraction);
  if (cents === null) {
    return {
      ok: false,
      reason: `"${raw.trim()}" has more than two decimals: amounts are loaded to the cent, never rounded.`,
    };
  }
  const value = toCents(negative, whole === '' ? '0' : whole, cents);
  if (value.replace('-', '').length > MAX_WHOLE_DIGITS + 3) {
    return {
      ok: false,
      reason: `"${raw.trim()}" is too large an amount (at most 14 digits before the point).`,
    };
  }
  return { ok: true, value };
}

/**
 * The cents of a fraction's digits as two digits plus a carry ('5' -> '50'), or null when it has
 * more than two decimals that matter. Zeros beyond the cent are nothing; so are the digits of a
 * binary floating-point rendering of a cent amount (ten or more decimals, the 3rd to the 10th all
 * '0' or all '9': '5600000000001', '5599999999999'), which carry to the cent they stand for.
 */
function centsOf(fraction: string): { digits: string; carry: boolean } | null {
  const cents = (fraction + '00').slice(0, 2);
  const beyond = fraction.slice(2);
  if (/^0*$/.test(beyond)) return { digits: cents, carry: false };
  if (fraction.length >= 10 && /^0{8}/.test(beyond)) return { digits: cents, carry: false };
  if (fraction.length >= 10 && /^9{8}/.test(beyond)) return { digits: cents, carry: true };
  return null;
}

function expandExponent(s: string): string {
  const [mantissa = '', exp = '0'] = s.toLowerCase().split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(exp);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Whole dollars and their cents as an exact two-place decimal, without floating point. */
function toCents(negative: boolean, whole: string, cents: { digits: string; carry: boolean }): string {
  const total = BigInt(whole) * 100n + BigInt(cents.digits) + (cents.carry ? 1n : 0n);
  const sign = negative && total !== 0n ? '-' : '';
  const abs = total.toString().padStart(3, '0');
  return `${sign}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

/** A calendar month, 1-12. */
export type YearMonth = { year: number; month: number };

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthByName(name: string): number | null {
  const n = name.toLowerCase().replace(/\.$/, '');
  if (n.length < 3) return null;
  const found = MONTH_NAMES.findIndex((m) => m.startsWith(n) || (n === 'sept' && m === 'september'));
  return found === -1 ? null : found + 1;
}

function yearOf(text: string): number {
  const y = Number(text);
  return text.length === 2 ? 2000 + y : y;
}

const YTD_PREFIX = /^(ytd|year[- ]to[- ]date)?\s*(through|thru|to|ending|ended|as of)?\s*:?\s*/i;

/** Whether a file writes its dates day first ('31/01/2026') or month first ('01/31/2026'). */
export const DATE_ORDERS = ['day-first', 'month-first'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  'day-first': 'Day first (31/01/2026, 31.01.2026)',
  'month-first': 'Month first (01/31/2026)',
};

const DAY_MONTH_YEAR = /^(\d{1,2})([-/.])(\d{1,2})[-/.](\d{4}|\d{2})(?:\s.*)?$/;

/**
 * Which order a date's text shows: day first when its first number is over 12, month first when
 * its second is; a dotted date ('01.10.2026') is day first, as every locale writing dots writes it;
 * 'ambiguous' when both numbers could be the month and differ ('01/10/2026'); null when the text is
 * no day/month/year date or reads the same either way ('05/05/2026').
 */
export function dateOrderHint(raw: string): DateOrder | 'ambiguous' | null {
  const m = DAY_MONTH_YEAR.exec(raw.trim());
  if (!m) return null;
  const first = Number(m[1]);
  const second = Number(m[3]);
  if (first > 12) return 'day-first';
  if (second > 12) return 'month-first';
  if (first === second) return null;
  return m[2] === '.' ? 'day-first' : 'ambiguous';
}

/**
 * The month a cell names: '2025-03', '2025-03-31', '03/2025', '202503', 'Mar 2025', 'March-25',
 * '2025 M03', an Excel date serial (45717), a sheet's label for a year-to-date column ('YTD through
 * 03/2025', 'Thru March 2025'), or a day/month/year date read in the file's date order. `null`: the
 * date says its order itself (`dateOrderHint`), and one that could be either is refused, never
 * guessed.
 */
export function parseMonth(raw: string, order: DateOrder | null = null): Parsed<YearMonth> {
  const s = raw
    .replace(/\u00a0/g, ' ')
    .trim()
    .replace(YTD_PREFIX, '')
    .trim();
  const fail: Parsed<YearMonth> = { ok: false, reason: `"${raw.trim()}" is not a month.` };
  if (s === '') return { ok: false, reason: 'The month is blank.' };
  const checked = (year: number, month: number): Parsed<YearMonth> =>
    month >= 1 && month <= 12 && year >= 1900 && year <= 2999 ? { ok: true, value: { year, month } } : fail;

  let m = /^(\d{4})[-/.](\d{1,2})(?:[-/.](\d{1,2}))?(?:[ T].*)?$/.exec(s);
  if (m) return checked(Number(m[1]), Number(m[2]));
  m = /^(\d{4})\s*m(\d{1,2})$/i.exec(s);
  if (m) return checked(Number(m[1]), Number(m[2]));
  m = DAY_MONTH_YEAR.exec(s);
  if (m) {
    const read = order ?? dateOrderHint(s);
    if (read === 'ambiguous') {
      return {
        ok: false,
        reason: `"${raw.trim()}" could be day first or month first: declare the file's date order.`,
      };
    }
    return checked(yearOf(m[4]!), Number(read === 'day-first' ? m[3] : m[1]));
  }
  m = /^(\d{1,2})[-/.](\d{4})$/.exec(s);
  if (m) return checked(Number(m[2]), Number(m[1]));
  m = /^(\d{4})(\d{2})$/.exec(s);
  if (m) return checked(Number(m[1]), Number(m[2]));
  m = /^([a-z]+\.?)[\s,'-]*(\d{4}|\d{2})$/i.exec(s);
  if (m) {
    const month = monthByName(m[1]!);
    return month ? checked(yearOf(m[2]!), month) : fail;
  }
  m = /^(\d{4})[\s-]+([a-z]+\.?)$/i.exec(s);
  if (m) {
    const month = monthByName(m[2]!);
    return month ? checked(Number(m[1]), month) : fail;
  }
  m = /^(\d{5})(\.\d+)?$/.exec(s);
  if (m) return excelSerialMonth(Number(m[1]), fail);
  return fail;
}

/** Excel's 1900 date system: serial 25569 is 1970-01-01. */
function excelSerialMonth(serial: number, fail: Parsed<YearMonth>): Parsed<YearMonth> {
  if (serial < 25569 || serial > 80000) return fail;
  const date = new Date((serial - 25569) * 86_400_000);
  return { ok: true, value: { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 } };
}

/** 'YYYY-MM-01', the first day of the month, as facts store months. */
export function monthStart({ year, month }: YearMonth): string {
  return `${year}-${String(month).padStart(2, '0')}-01`;
}
