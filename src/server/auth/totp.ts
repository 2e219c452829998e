import { createHmac, randomBytes } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP), as authenticator apps compute them:
 * HMAC of the 30-second step counter, dynamically truncated to 6 digits by default.
 */

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';
export type TotpOptions = { algorithm?: TotpAlgorithm; digits?: number; period?: number };

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, the form authenticator apps take secrets in. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, ignoring case, spaces and padding; throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Not a base32 secret');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret: 20 bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The HOTP value of `counter` (RFC 4226 §5.3), zero-padded to `digits`. */
export function hotp(
  key: Uint8Array,
  counter: number,
  algorithm: TotpAlgorithm = 'sha1',
  digits = 6,
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The time step of `timeMs` (Unix time in milliseconds). */
export const totpStep = (timeMs: number, period = 30) => Math.floor(timeMs / 1000 / period);

/** The TOTP code at `timeMs` for a raw key (RFC 6238 §4). */
export function totp(key: Uint8Array, timeMs: number, options: TotpOptions = {}): string {
  return hotp(key, totpStep(timeMs, options.period), options.algorithm, options.digits);
}

/**
 * The step a 6-digit code matches for a base32 secret, looking one step either side of now for clock
 * drift; null when it matches none. Callers refuse a step at or before the last one used, so a code
 * works once.
 */
export function matchTotpStep(secret: string, code: string, timeMs: number, drift = 1): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = totpStep(timeMs);
  for (let step = now - drift; step <= now + drift; step += 1) {
    if (hotp(key, step) === code) return step;
  }
  return null;
}

/** The otpauth:// URI an authenticator app scans (Key Uri Format): issuer, account, secret. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${params.toString()}`;
}
