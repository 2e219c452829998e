import { createHmac } from 'node:crypto';

/**
 * A TOTP calculator for the e2e tests, written apart from the app's own (RFC 6238 with SHA-1,
 * 6 digits, 30-second steps), so a sign-in with its code proves the app agrees with the standard.
 */
export function referenceTotp(base32Secret: string, timeMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = base32Secret
    .replace(/\s/g, '')
    .toUpperCase()
    .split('')
    .map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 0xf;
  const value =
    (((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!) %
    1_000_000;
  return String(value).padStart(6, '0');
}
