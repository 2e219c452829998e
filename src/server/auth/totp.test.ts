import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotpStep, otpauthUri, totp, totpStep } from './totp.ts';

// RFC 6238 Appendix B: the seeds are the ASCII strings "1234567890" repeated to the hash's size.
const seed = (length: number) => Buffer.from('1234567890'.repeat(7).slice(0, length), 'ascii');
const keys = { sha1: seed(20), sha256: seed(32), sha512: seed(64) } as const;

const vectors: [number, string, keyof typeof keys][] = [
  [59, '94287082', 'sha1'],
  [59, '46119246', 'sha256'],
  [59, '90693936', 'sha512'],
  [1111111109, '07081804', 'sha1'],
  [1111111109, '68084774', 'sha256'],
  [1111111109, '25091201', 'sha512'],
  [1111111111, '14050471', 'sha1'],
  [1111111111, '67062674', 'sha256'],
  [1111111111, '99943326', 'sha512'],
  [1234567890, '89005924', 'sha1'],
  [1234567890, '91819424', 'sha256'],
  [1234567890, '93441116', 'sha512'],
  [2000000000, '69279037', 'sha1'],
  [2000000000, '90698825', 'sha256'],
  [2000000000, '38618901', 'sha512'],
  [20000000000, '65353130', 'sha1'],
  [20000000000, '77737706', 'sha256'],
  [20000000000, '47863826', 'sha512'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(vectors)('at %i s gives %s with %s', (seconds, code, algorithm) => {
    expect(totp(keys[algorithm], seconds * 1000, { algorithm, digits: 8 })).toBe(code);
  });

  it('gives the RFC 4226 Appendix D HOTP values', () => {
    const key = Buffer.from('12345678901234567890', 'ascii');
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(key, counter))).toEqual(expected);
  });

  it('round-trips base32 (RFC 4648 vectors, unpadded)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZ1')).toThrow();
  });

  it('matches a code one step either side of now, and nothing further', () => {
    const secret = base32Encode(keys.sha1);
    const now = 1_700_000_000_000;
    const code = (ms: number) => totp(keys.sha1, ms, { digits: 6 });
    expect(matchTotpStep(secret, code(now), now)).toBe(totpStep(now));
    expect(matchTotpStep(secret, code(now - 30_000), now)).toBe(totpStep(now) - 1);
    expect(matchTotpStep(secret, code(now + 30_000), now)).toBe(totpStep(now) + 1);
    expect(matchTotpStep(secret, code(now - 90_000), now)).toBeNull();
    expect(matchTotpStep(secret, '12345', now)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps scan', () => {
    expect(otpauthUri('Understanding', 'a b@example.com', 'MZXW6YTBOI')).toBe(
      'otpauth://totp/Understanding:a%20b%40example.com?secret=MZXW6YTBOI&issuer=Understanding&algorithm=SHA1&digits=6&period=30',
    );
  });
});
