import { beforeEach, describe, expect, it } from 'vitest';
import { saveReturnPath, takeReturnPath } from './return-path.ts';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('return path', () => {
  beforeEach(() => sessionStorage.clear());

  it('returns to the saved path once, then to /', () => {
    saveReturnPath(at('/production', '?timeframe=ytd-2026', '#top'));
    expect(takeReturnPath()).toBe('/production?timeframe=ytd-2026#top');
    expect(takeReturnPath()).toBe('/');
  });

  it('does not save paths whose first segment is login, nor the sign-in pages', () => {
    saveReturnPath(at('/login/callback'));
    saveReturnPath(at('/auth/auth0'));
    saveReturnPath(at('/logout'));
    expect(takeReturnPath()).toBe('/');
  });

  it('refuses anything that would leave the site', () => {
    sessionStorage.setItem('understanding.returnPath', '//evil.example/x');
    expect(takeReturnPath()).toBe('/');
    sessionStorage.setItem('understanding.returnPath', 'https://evil.example');
    expect(takeReturnPath()).toBe('/');
  });
});
