/**
 * Reading the values of carrier files (issue 20): amounts and months as carriers' portals write them.
 * Pure functions, used by the server's file reader and by the upload page's preview.
 */

/** A parsed cell: the value, or why it could not be read. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const NOT_REPORTED = new Set(['', 'n/a', 'na', 'null', 'none', '#n/a']);

/**
 * What an amount's text is stripped of, in this order (each step at most once): its group 1 is kept;
 * a step that `negates` counts a minus sign.
 */
const AMOUNT_STRIPS: readonly { pattern: RegExp; negates: boolean; when?: (s: string) => boolean }[] = [
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

/**
 * An amount in dollars as an exact decimal string with two places ('1234.50', '-12.00'), or null
 * when the cell is blank ("not reported", never zero). Accepts '$', 'USD', thousands separators
 * (',' or spaces), parentheses or a leading/trailing '-' for negatives, and the accounting dash
 * ('$ -') for zero. More than two decimals round half away from zero to the cent.
 */
export function parseAmount(raw: string): Parsed<string | null> {
  const quick = quickAmount(raw);
  return quick === undefined ? readAmount(raw) : { ok: true, value: quick };
}

const ZERO = 48;
const NINE = 57;
const COMMA = 44;
const DOT = 46;

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
export function readAmount(raw: string): Parsed<string | null> {
  let s = raw.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (NOT_REPORTED.has(s.toLowerCase())) return { ok: true, value: null };
  let signs = 0;
  for (const step of AMOUNT_STRIPS) {
    if (step.when && !step.when(s)) continue;
    const m = step.pattern.exec(s);
    if (!m) continue;
    s = (m[1] ?? '').trim();
    if (step.negates) signs++;
  }
  if (signs > 1) return { ok: false, reason: `"${raw.trim()}" is not an amount.` };
  const negative = signs === 1;
  if (s === '-' || s === '') return { ok: true, value: '0.00' };
  if (/^\d+(\.\d+)?e[+-]?\d+$/i.test(s)) s = expandExponent(s);
  if (!/^(\d{1,3}([, ]\d{3})+|\d+)?(\.\d*)?$/.test(s) || !/\d/.test(s)) {
    return { ok: false, reason: `"${raw.trim()}" is not an amount.` };
  }
  const [whole = '', fraction = ''] = s.replace(/[, ]/g, '').split('.');
  const value = toCents(negative, whole === '' ? '0' : whole, fraction);
  if (value.replace('-', '').length > MAX_WHOLE_DIGITS + 3) {
    return {
      ok: false,
      reason: `"${raw.trim()}" is too large an amount (at most 14 digits before the point).`,
    };
  }
  return { ok: true, value };
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

/** Rounds a decimal given as digit strings to cents, half away from zero, without floating point. */
function toCents(negative: boolean, whole: string, fraction: string): string {
  let cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if (fraction.length > 2 && Number(fraction[2]) >= 5) cents += 1n;
  const sign = negative && cents !== 0n ? '-' : '';
  const abs = cents.toString().padStart(3, '0');
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

/**
 * The month a cell names: '2025-03', '2025-03-31', '03/2025', '3/31/2025' (US order), '202503',
 * 'Mar 2025', 'March-25', '2025 M03', an Excel date serial (45717), or a sheet's label for a
 * year-to-date column ('YTD through 03/2025', 'Thru March 2025'). Day-first dates are not guessed.
 */
export function parseMonth(raw: string): Parsed<YearMonth> {
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
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?:\s.*)?$/.exec(s);
  if (m) return checked(yearOf(m[3]!), Number(m[1]));
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
