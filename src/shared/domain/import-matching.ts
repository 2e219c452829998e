/**
 * Mapping a carrier file onto the product: which column holds which field, the header's
 * fingerprint that lets next month's file map itself, and suggested matches for the file's values
 * (carriers, standard types, agency codes): normalised names first, then a fuzzy ranking.
 */

export type ImportKind = 'production' | 'commission';

/** The fields a column can be mapped to, per kind of file. */
export const IMPORT_FIELDS = {
  production: [
    'agencyCode',
    'carrier',
    'lineOfBusiness',
    'month',
    'writtenPremium',
    'newWrittenPremium',
    'earned',
    'incurred',
  ],
  commission: [
    'agencyCode',
    'carrier',
    'lineOfBusiness',
    'month',
    'writtenPremium',
    'baseCommission',
    'additionalCommission',
  ],
} as const satisfies Record<ImportKind, readonly string[]>;

export type ImportField = (typeof IMPORT_FIELDS)[ImportKind][number];

/** Every field of either kind, once. */
export const ALL_IMPORT_FIELDS = [
  ...IMPORT_FIELDS.production,
  'baseCommission',
  'additionalCommission',
] as const satisfies readonly ImportField[];

/** Fields holding dollars (blank = not reported, 0 = zero). */
export const AMOUNT_FIELDS: readonly ImportField[] = [
  'writtenPremium',
  'newWrittenPremium',
  'earned',
  'incurred',
  'baseCommission',
  'additionalCommission',
];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  agencyCode: 'Agency code',
  carrier: 'Carrier',
  lineOfBusiness: 'Policy type / standard type',
  month: 'Month',
  writtenPremium: 'Written premium',
  newWrittenPremium: 'New written premium',
  earned: 'Earned premium',
  incurred: 'Incurred losses',
  baseCommission: 'Base commission',
  additionalCommission: 'Additional commission',
};

/** Header names carriers use for each field, normalised (see normaliseName). */
const FIELD_SYNONYMS: Record<ImportField, readonly string[]> = {
  agencyCode: [
    'agency code',
    'agent code',
    'producer code',
    'sub code',
    'subcode',
    'agency number',
    'agent number',
    'agency id',
    'agent id',
    'producer number',
    'agency',
    'code',
  ],
  carrier: [
    'carrier',
    'carrier name',
    'company',
    'company name',
    'insurer',
    'writing company',
    'writing carrier',
  ],
  lineOfBusiness: [
    'policy type',
    'line of business',
    'lob',
    'line',
    'product',
    'standard type',
    'product line',
    'coverage',
    'policy line',
  ],
  month: [
    'month',
    'period',
    'accounting month',
    'report month',
    'statement month',
    'reporting month',
    'accounting period',
    'acctg period',
    'acctg month',
    'acct period',
    'acct month',
    'accounting date',
    'reporting period',
    'report period',
    'stmt date',
    'stmt month',
    'statement date',
    'statement period',
    'production month',
    'production period',
    'processing month',
    'process date',
    'period ending',
    'period end',
    'month ending',
    'date',
    'process month',
    'ytd through',
    'ytd thru',
    'through',
    'thru',
    'as of',
  ],
  writtenPremium: [
    'written premium',
    'wp',
    'premium written',
    'written',
    'total written premium',
    'dwp',
    'ytd written premium',
    'ytd written',
    'ytd wp',
  ],
  newWrittenPremium: [
    'new written premium',
    'new business',
    'nb premium',
    'new premium',
    'nwp',
    'new business premium',
    'new business written premium',
    'ytd new business',
    'ytd new written premium',
  ],
  earned: ['earned premium', 'earned', 'ep', 'ytd earned premium', 'ytd earned'],
  incurred: [
    'incurred losses',
    'incurred',
    'incurred loss',
    'losses incurred',
    'ytd incurred losses',
    'ytd incurred',
  ],
  baseCommission: ['base commission', 'commission', 'commission amount', 'comm amount', 'comm', 'base comm'],
  additionalCommission: [
    'additional commission',
    'contingent commission',
    'contingent',
    'bonus',
    'profit sharing',
    'bonus commission',
    'supplemental commission',
  ],
};

const STOP_WORDS = new Set([
  'the',
  'inc',
  'incorporated',
  'co',
  'company',
  'companies',
  'corp',
  'corporation',
  'llc',
  'ltd',
  'group',
  'of',
  'ins',
  'insurance',
  'policy',
  'policies',
]);

/**
 * A name reduced to what identifies it: lower case, accents and punctuation gone, '&' read as
 * 'and', spaces collapsed. 'Acme Mutual Ins. Co.' -> 'acme mutual ins co'.
 */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The normalised name without the words every carrier shares ('insurance', 'company', 'inc' ...). */
export function coreName(name: string): string {
  const words = normaliseName(name)
    .split(' ')
    .filter((w) => w && !STOP_WORDS.has(w));
  return words.length > 0 ? words.join(' ') : normaliseName(name);
}

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

function initials(core: string): string {
  return core
    .split(' ')
    .map((w) => w[0])
    .join('');
}

/**
 * How alike a file's value and a product name are, 0..1: 1 when their normalised or core names are
 * equal; otherwise the best of edit-distance similarity, shared words, a whole-word prefix, and
 * initials ('PA' for 'Personal Auto').
 */
export function nameSimilarity(value: string, candidate: string): number {
  const a = normaliseName(value);
  const b = normaliseName(candidate);
  if (a === '' || b === '') return 0;
  if (a === b) return 1;
  const ca = coreName(value);
  const cb = coreName(candidate);
  if (ca === cb) return 0.97;
  const edit = 1 - levenshtein(ca, cb) / Math.max(ca.length, cb.length);
  const wa = new Set(ca.split(' '));
  const wb = new Set(cb.split(' '));
  const shared = [...wa].filter((w) => wb.has(w)).length;
  const words = shared / Math.max(wa.size, wb.size);
  const prefix = cb.startsWith(`${ca} `) || ca.startsWith(`${cb} `) ? 0.85 : 0;
  const compact = ca.replace(/ /g, '');
  const acronym =
    compact.length >= 2 && (compact === initials(cb) || compact === cb.replace(/ /g, '')) ? 0.9 : 0;
  return Math.max(edit, words * 0.9, prefix, acronym);
}

export type Candidate = { id: string; name: string; aliases?: readonly string[] };
export type Suggestion = { id: string; name: string; score: number; confidence: number };

/** Below this a match is not suggested. */
export const SUGGESTION_THRESHOLD = 0.6;

/**
 * The confidence at or above which a suggestion is taken without a person choosing it (pre-filled,
 * and taken by "Use suggested matches"). Below it a value stays unmapped until someone decides.
 */
export const PREFILL_CONFIDENCE = 0.9;

/** What a value names: a carrier or a policy type ('name'), or an agency code ('code'). */
export type MatchKind = 'name' | 'code';

const compactCode = (code: string) => normaliseName(code).replace(/ /g, '');

/** Two words are one spelt differently, or one abbreviates the other ('comm', 'commercial'). */
function sameWord(a: string, b: string): boolean {
  if (a === b || (a.length >= 3 && b.startsWith(a)) || (b.length >= 3 && a.startsWith(b))) return true;
  return 1 - levenshtein(a, b) / Math.max(a.length, b.length) >= 0.75;
}

/**
 * A name's confidence: its similarity, unless each name has a word the other lacks ('Liberty' and
 * 'Riverbend', 'Fire' and 'Life'), which makes them different names however alike they are spelt;
 * initials ('PA' for 'Personal Auto') and spacing ('Home Owners') aside.
 */
function nameConfidence(value: string, candidate: string): number {
  const similarity = nameSimilarity(value, candidate);
  const [a, b] = [coreName(value), coreName(candidate)];
  const compact = a.replace(/ /g, '');
  if (compact === b.replace(/ /g, '') || compact === initials(b)) return similarity;
  const [wa, wb] = [a.split(' '), b.split(' ')];
  const unmatched = (xs: string[], ys: string[]) => xs.filter((x) => !ys.some((y) => sameWord(x, y)));
  const differentWords = unmatched(wa, wb).length > 0 && unmatched(wb, wa).length > 0;
  return differentWords ? Math.min(similarity, 0.5) : similarity;
}

/**
 * How sure it is, 0..1, that a candidate is the value's counterpart. A name: its similarity to the
 * candidate's name or aliases (spelling, spacing, 'Ins. Co.', initials), no more than 0.5 when each
 * has a word the other lacks. A code: 1 when it is the
 * candidate's code written differently (case, spaces, dashes), else 0: codes a character apart
 * ('A76152', 'A76151', '76151') are different codes, never a near match.
 */
export function matchConfidence(value: string, candidate: Candidate, kind: MatchKind): number {
  if (kind === 'code') {
    const v = compactCode(value);
    return v !== '' && (candidate.aliases ?? []).some((code) => compactCode(code) === v) ? 1 : 0;
  }
  let score = nameConfidence(value, candidate.name);
  for (const alias of candidate.aliases ?? []) score = Math.max(score, nameConfidence(value, alias));
  return score;
}

/**
 * Suggested matches for a file's value, best first: each candidate scored on its name and aliases
 * (codes such as 'PAUTO'), those under SUGGESTION_THRESHOLD dropped, ties broken by name; each with
 * its confidence (matchConfidence).
 */
export function rankSuggestions(
  value: string,
  candidates: readonly Candidate[],
  limit = 5,
  kind: MatchKind = 'name',
): Suggestion[] {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const scored: Suggestion[] = [];
  for (const c of candidates) {
    let score = nameSimilarity(value, c.name);
    for (const alias of c.aliases ?? []) score = Math.max(score, nameSimilarity(value, alias));
    const confidence = matchConfidence(value, c, kind);
    if (score >= SUGGESTION_THRESHOLD || confidence >= PREFILL_CONFIDENCE)
      scored.push({
        id: c.id,
        name: c.name,
        score: round(Math.max(score, confidence)),
        confidence: round(confidence),
      });
  }
  scored.sort((x, y) => y.confidence - x.confidence || y.score - x.score || x.name.localeCompare(y.name));
  return scored.slice(0, limit);
}

/**
 * The suggestion taken without a person choosing: the one suggestion at PREFILL_CONFIDENCE or
 * more. None when no suggestion reaches it, or when two do (the value is ambiguous).
 */
export function confidentSuggestion<S extends Pick<Suggestion, 'confidence'>>(
  suggestions: readonly S[],
): S | null {
  const sure = suggestions.filter((s) => s.confidence >= PREFILL_CONFIDENCE);
  return sure.length === 1 ? sure[0]! : null;
}

function fnv1a(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The fingerprint of a file's header row: its non-blank column names, normalised and sorted, hashed
 * (64 bits). Next month's file from the same portal has the same fingerprint whatever the order of
 * its columns, its case or its spacing, so its mapping profile is found again (a column mapped by
 * its position, `columnKeys`, is checked against the new file's columns).
 */
export function headerFingerprint(header: readonly string[]): string {
  const names = header.map(normaliseName).filter((n) => n !== '');
  // A name written twice counts twice: two Premium columns are another layout than one.
  const text = names.sort().join('|');
  const hi = fnv1a(text, 0x811c9dc5).toString(16).padStart(8, '0');
  const lo = fnv1a(text, 0x050c5d1f).toString(16).padStart(8, '0');
  return `h1-${hi}${lo}`;
}

/** A column mapping: field -> the key of its column (`columnKeys`). */
export type ColumnMapping = Partial<Record<ImportField, string>>;

/** A spreadsheet's column letters for a 0-based column index: 0 -> 'A', 27 -> 'AB'. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * What each column of a header is called in a mapping, by position: its name when no other column
 * has it, else the name with its letters ('Premium (column C)', 'Premium (column F)'), and
 * 'Column D (no name)' for a column without a name. Two columns never share a key, so each can be
 * mapped; a key naming a position holds only while that column keeps its name there.
 */
export function columnKeys(header: readonly string[]): string[] {
  const names = header.map((h) => h.trim());
  const keys = names.map((name, at) => (name === '' ? `Column ${columnLetters(at)} (no name)` : name));
  // A name another column shares (or a key that reads like another column's) takes its letters,
  // until every key is unique (each round adds letters, which are unique, to the keys still shared).
  for (let clashes = true; clashes;) {
    clashes = false;
    const folded = keys.map((key) => key.toLowerCase().replace(/\s+/g, ' '));
    const counts = new Map<string, number>();
    for (const key of folded) counts.set(key, (counts.get(key) ?? 0) + 1);
    keys.forEach((key, at) => {
      if (counts.get(folded[at]!)! > 1) {
        keys[at] = `${key} (column ${columnLetters(at)})`;
        clashes = true;
      }
    });
  }
  return keys;
}

/** The keys of the columns a person can map: every column up to the last one with a name. */
export function columnChoices(header: readonly string[]): string[] {
  let last = header.length - 1;
  while (last >= 0 && header[last]!.trim() === '') last--;
  return columnKeys(header).slice(0, last + 1);
}

/** The position of a mapped column in a header, or -1 when the header has no column of that key. */
export function columnIndex(header: readonly string[], key: string | undefined): number {
  return key === undefined ? -1 : columnKeys(header).indexOf(key);
}

/**
 * The columns suggested for each field of a kind, from the header's names: an exact synonym first,
 * then the closest fuzzy match; a column serves one field at most.
 */
export function suggestColumns(kind: ImportKind, header: readonly string[]): ColumnMapping {
  const keys = columnKeys(header);
  const columns = header.flatMap((name, at) =>
    normaliseName(name) === '' ? [] : [{ name, key: keys[at]! }],
  );
  const taken = new Set<string>();
  const mapping: ColumnMapping = {};
  const scores: { field: ImportField; column: string; score: number }[] = [];
  for (const field of IMPORT_FIELDS[kind]) {
    for (const { name, key: column } of columns) {
      const n = normaliseName(name);
      const synonyms = FIELD_SYNONYMS[field];
      const exact = synonyms.indexOf(n);
      const score =
        exact !== -1
          ? 2 - exact / 100
          : Math.max(...synonyms.map((s) => (s.length > 3 ? nameSimilarity(n, s) : 0)));
      if (score >= 0.8) scores.push({ field, column, score });
    }
  }
  scores.sort((a, b) => b.score - a.score);
  for (const s of scores) {
    if (mapping[s.field] !== undefined || taken.has(s.column)) continue;
    mapping[s.field] = s.column;
    taken.add(s.column);
  }
  return mapping;
}

/** How many of a row's cells look like header names of known fields (used to find the header row). */
export function headerLikeness(cells: readonly string[]): number {
  const known = new Set(Object.values(FIELD_SYNONYMS).flat());
  return cells.filter((c) => known.has(normaliseName(c))).length;
}

/**
 * What a file's amounts are: each month's own figures, or year-to-date figures through the row's
 * month (the month column, else the month the file covers), which the load turns into months.
 */
export const IMPORT_AMOUNTS = ['monthly', 'ytd'] as const;
export type ImportAmounts = (typeof IMPORT_AMOUNTS)[number];

export const IMPORT_AMOUNTS_LABELS: Record<ImportAmounts, string> = {
  monthly: "Each month's own figures",
  ytd: "Year to date through the row's month",
};

const YTD_HEADER = /\b(ytd|year to date|year-to-date)\b/i;

/** 'ytd' when the header names its amounts or months as year to date ('YTD Written', 'YTD Thru'). */
export function suggestAmounts(header: readonly string[]): ImportAmounts {
  return header.some((name) => YTD_HEADER.test(name)) ? 'ytd' : 'monthly';
}
