import type { JiraConfig } from '#server/config.ts';

export class JiraError extends Error {
  override name = 'JiraError';
}

/**
 * Creates an issue through Jira's REST API (POST /rest/api/2/issue, basic auth with an API token)
 * and answers its key, e.g. "CARR-12". Any answer but 2xx with a key, or a body that carries an error
 * flag or error messages, is a failure (spec part 2 §7 "a body error flag means failure").
 */
export async function createJiraIssue(
  jira: JiraConfig,
  issue: { summary: string; description: string },
): Promise<string> {
  const response = await fetch(`${jira.url}/rest/api/2/issue`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${jira.user}:${jira.apiToken}`).toString('base64')}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      fields: {
        project: { key: jira.projectKey },
        issuetype: { name: jira.issueType },
        summary: issue.summary,
        description: issue.description,
      },
    }),
    signal: AbortSignal.timeout(jira.timeoutMs),
  });
  const body = (await response.json().catch(() => null)) as {
    key?: unknown;
    error?: unknown;
    errorMessages?: unknown;
  } | null;
  if (!response.ok) throw new JiraError(`Jira answered ${response.status}: ${JSON.stringify(body)}`);
  const hasErrors = Array.isArray(body?.errorMessages) && body.errorMessages.length > 0;
  if (!body || body.error === true || hasErrors || typeof body.key !== 'string') {
    throw new JiraError(`Jira did not create the issue: ${JSON.stringify(body)}`);
  }
  return body.key;
}
