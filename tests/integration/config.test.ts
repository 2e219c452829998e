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

  it('bounds the memory of kept answers at 2048 MB unless told, and names a bound out of range', () => {
    const secret = { AUTH_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).keptAnswersMb).toBe(2048);
    expect(loadConfig({ ...secret, KEPT_ANSWERS_MB: '512' }).keptAnswersMb).toBe(512);
    expect(() => loadConfig({ ...secret, KEPT_ANSWERS_MB: '10' })).toThrow(
      /KEPT_ANSWERS_MB: must be at least 64 MB/,
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
  it('configures no embed provider until its credentials are set', () => {
    expect(loadConfig({ AUTH_SECRET: 'x'.repeat(40) }).embeds).toEqual({
      powerbi: null,
      sigma: null,
      metabase: null,
    });
  });

  it('configures Power BI from its three credentials, with defaults for the rest', () => {
    const powerbi = {
      POWERBI_TENANT_ID: 'contoso.onmicrosoft.com',
      POWERBI_CLIENT_ID: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      POWERBI_CLIENT_SECRET: 'entra-client-secret',
    };
    expect(loadConfig({ AUTH_SECRET: 'x'.repeat(40), ...powerbi }).embeds.powerbi).toEqual({
      tenantId: 'contoso.onmicrosoft.com',
      clientId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      clientSecret: 'entra-client-secret',
      authorityUrl: 'https://login.microsoftonline.com',
      apiUrl: 'https://api.powerbi.com',
      embedOrigin: 'https://app.powerbi.com',
      rlsRole: 'Tenant',
      timeoutMs: 10_000,
    });
    const custom = loadConfig({
      AUTH_SECRET: 'x'.repeat(40),
      ...powerbi,
      POWERBI_AUTHORITY_URL: 'http://127.0.0.1:4010/',
      POWERBI_API_URL: 'http://127.0.0.1:4010/',
      POWERBI_EMBED_ORIGIN: 'http://127.0.0.1:4010/reportEmbed',
      POWERBI_RLS_ROLE: 'Agency',
      POWERBI_TIMEOUT_MS: '2500',
    }).embeds.powerbi;
    expect(custom).toMatchObject({
      authorityUrl: 'http://127.0.0.1:4010',
      apiUrl: 'http://127.0.0.1:4010',
      embedOrigin: 'http://127.0.0.1:4010',
      rlsRole: 'Agency',
      timeoutMs: 2500,
    });
    expect(() =>
      loadConfig({ AUTH_SECRET: 'x'.repeat(40), POWERBI_CLIENT_ID: powerbi.POWERBI_CLIENT_ID }),
    ).toThrow(
      /POWERBI_TENANT_ID: required when POWERBI_CLIENT_ID is set \(Power BI needs POWERBI_TENANT_ID, POWERBI_CLIENT_ID and POWERBI_CLIENT_SECRET, or none of them\)[\s\S]*POWERBI_CLIENT_SECRET: required when POWERBI_CLIENT_ID is set/,
    );
    expect(() =>
      loadConfig({ AUTH_SECRET: 'x'.repeat(40), ...powerbi, POWERBI_CLIENT_ID: 'my-app' }),
    ).toThrow(/POWERBI_CLIENT_ID: must be the app registration's application \(client\) id, a GUID/);
  });

  it('configures Sigma from its three variables, with a TTL Sigma accepts', () => {
    const sigma = {
      SIGMA_CLIENT_ID: 'sigma-client',
      SIGMA_SECRET: 'sigma-secret',
      SIGMA_BASE_URL: 'https://app.sigmacomputing.com/understanding/',
    };
    expect(
      loadConfig({ AUTH_SECRET: 'x'.repeat(40), ...sigma, SIGMA_TEAMS: 'Agencies, Networks,' }).embeds.sigma,
    ).toEqual({
      clientId: 'sigma-client',
      secret: 'sigma-secret',
      baseUrl: 'https://app.sigmacomputing.com/understanding',
      embedTtlSeconds: 3600,
      accountType: null,
      teams: ['Agencies', 'Networks'],
    });
    expect(() =>
      loadConfig({ AUTH_SECRET: 'x'.repeat(40), SIGMA_CLIENT_ID: 'c', SIGMA_SECRET: 's' }),
    ).toThrow(/SIGMA_BASE_URL: required when SIGMA_CLIENT_ID or SIGMA_SECRET is set \(Sigma needs/);
    expect(() =>
      loadConfig({ AUTH_SECRET: 'x'.repeat(40), ...sigma, SIGMA_EMBED_TTL_SECONDS: String(31 * 86_400) }),
    ).toThrow(/SIGMA_EMBED_TTL_SECONDS/);
  });

  it('configures Metabase with its site URL and a 64-hex-character embedding secret key', () => {
    const metabase = {
      METABASE_SITE_URL: 'https://metabase.example.test/',
      METABASE_SECRET_KEY: 'ab'.repeat(32),
    };
    expect(loadConfig({ AUTH_SECRET: 'x'.repeat(40), ...metabase }).embeds.metabase).toEqual({
      siteUrl: 'https://metabase.example.test',
      secretKey: 'ab'.repeat(32),
      embedTtlSeconds: 600,
    });
    expect(() =>
      loadConfig({ AUTH_SECRET: 'x'.repeat(40), ...metabase, METABASE_SECRET_KEY: 'short' }),
    ).toThrow(/METABASE_SECRET_KEY: must be Metabase's embedding secret key: 64 hexadecimal characters/);
    expect(() =>
      loadConfig({ AUTH_SECRET: 'x'.repeat(40), METABASE_SECRET_KEY: metabase.METABASE_SECRET_KEY }),
    ).toThrow(
      /METABASE_SITE_URL: required when METABASE_SECRET_KEY is set \(Metabase needs METABASE_SITE_URL and METABASE_SECRET_KEY/,
    );
  });

  it('names every incomplete group at once', () => {
    expect(() =>
      loadConfig({
        AUTH_SECRET: 'x'.repeat(40),
        JIRA_URL: 'https://agency.atlassian.net',
        SIGMA_SECRET: 's',
      }),
    ).toThrow(
      /JIRA_USER: required when any JIRA_\* variable is set[\s\S]*SIGMA_CLIENT_ID: required when SIGMA_SECRET is set/,
    );
  });
});
