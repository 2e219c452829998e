/**
 * A batch of COPY lines written straight into bytes. Building each line as a string and the batch as
 * a string of strings made a rope of some twenty pieces per row, which the garbage collector then
 * followed and `Buffer.from` flattened and encoded again: about a third of the reader's time on a
 * million rows. Text that is ASCII (amounts, dates, row numbers, nearly every code) is copied byte by
 * byte; anything else is encoded as UTF-8.
 */
export class CopyBuffer {
  private bytes: Buffer;
  private used = 0;

  constructor(private readonly initialSize = 1 << 20) {
    this.bytes = Buffer.allocUnsafe(initialSize);
  }

  get length(): number {
    return this.used;
  }

  /** Room for `more` bytes after what is written. */
  private reserve(more: number): void {
    const needed = this.used + more;
    if (needed <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(needed, this.bytes.length * 2));
    this.bytes.copy(grown, 0, 0, this.used);
    this.bytes = grown;
  }

  /** One byte (an ASCII character's code). */
  byte(code: number): void {
    this.reserve(1);
    this.bytes[this.used++] = code;
  }

  /** A text, as UTF-8. */
  text(value: string): void {
    this.textWithout(value, -1);
  }

  /** A text without its character at `skip` (e.g. an amount's decimal point: its cents). */
  textWithout(value: string, skip: number): void {
    const n = value.length;
    this.reserve(n);
    const bytes = this.bytes;
    let at = this.used;
    for (let i = 0; i < n; i++) {
      if (i === skip) continue;
      const code = value.charCodeAt(i);
      if (code >= 0x80) {
        this.used = at;
        this.utf8(skip > i ? value.slice(i, skip) + value.slice(skip + 1) : value.slice(i));
        return;
      }
      bytes[at++] = code;
    }
    this.used = at;
  }

  private utf8(value: string): void {
    this.reserve(Buffer.byteLength(value, 'utf8'));
    this.used += this.bytes.write(value, this.used, 'utf8');
  }

  /** Bytes already encoded. */
  append(chunk: Uint8Array): void {
    this.reserve(chunk.length);
    const bytes = this.bytes;
    let at = this.used;
    for (let i = 0; i < chunk.length; i++) bytes[at++] = chunk[i]!;
    this.used = at;
  }

  /** A whole number >= 0, in decimal. */
  integer(value: number): void {
    let digits = 1;
    for (let rest = Math.floor(value / 10); rest > 0; rest = Math.floor(rest / 10)) digits++;
    this.reserve(digits);
    let at = this.used + digits;
    this.used = at;
    let rest = value;
    do {
      this.bytes[--at] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
  }

  /** The bytes written so far, handed over; the buffer starts again empty (at its first size). */
  take(): Buffer {
    const written = this.bytes.subarray(0, this.used);
    this.bytes = Buffer.allocUnsafe(Math.max(this.initialSize, this.used + (this.used >> 3)));
    this.used = 0;
    return written;
  }
}
