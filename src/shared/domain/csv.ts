/**
 * CSV text, one rule for the server's streamed exports and the browser's chart downloads (RFC 4180
 * quoting, formula-looking text defused).
 */

/** A CSV field: quoted when it holds a comma, quote or line break; formula-looking text is defused. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value); // digits, '.', '-' and 'e': never quoted
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV document: the header and each row as CRLF-terminated lines. */
export function csvText(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
