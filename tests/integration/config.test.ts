import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

describe('configuration', () => {
  it('names every bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AUTH_SECRET: 'x'.repeat(40) }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ connection URL/);
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET: required when NODE_ENV=production/,
    );
  });

  it('loads demo data only on the embedded database', () => {
    expect(loadConfig({ AUTH_SECRET: 'x'.repeat(40) }).demoData).toBe(true);
    expect(loadConfig({ AUTH_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://localhost/x' }).demoData).toBe(
      false,
    );
  });
});
