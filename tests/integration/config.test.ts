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

  it('sends mail through the outbox and requests by e-mail until SMTP and Jira are configured', () => {
    const plain = loadConfig({ AUTH_SECRET: 'x'.repeat(40) });
    expect(plain).toMatchObject({
      smtpUrl: '',
      mailFrom: 'Understanding <no-reply@understanding.local>',
      jira: null,
    });
    const jira = {
      JIRA_URL: 'https://agency.atlassian.net/',
      JIRA_USER: 'bot@understanding.test',
      JIRA_API_TOKEN: 'token',
      JIRA_PROJECT_KEY: 'CARR',
    };
    expect(loadConfig({ AUTH_SECRET: 'x'.repeat(40), ...jira }).jira).toEqual({
      url: 'https://agency.atlassian.net',
      user: 'bot@understanding.test',
      apiToken: 'token',
      projectKey: 'CARR',
      issueType: 'Task',
      timeoutMs: 10_000,
    });
    expect(() => loadConfig({ AUTH_SECRET: 'x'.repeat(40), JIRA_URL: jira.JIRA_URL })).toThrow(
      /JIRA_USER: required when any JIRA_\* variable is set[\s\S]*JIRA_PROJECT_KEY/,
    );
    expect(() => loadConfig({ AUTH_SECRET: 'x'.repeat(40), SMTP_URL: 'mail.example.test' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });
});
