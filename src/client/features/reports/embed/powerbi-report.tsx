import { useEffect, useRef, useState } from 'react';
import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Report } from 'powerbi-client';
import type { EmbedConfig } from '#shared/contracts/reports.ts';
import { embedConfigQuery } from './embed-api.ts';
import { EmbedContainer, EmbedErrorPanel, EmbedLoader, LoadingCover } from './embed-layout.tsx';
import { powerBiRuntime } from './powerbi-runtime.ts';

/** What powerbi-client passes with an 'error' event (powerbi-models IError, loosely). */
type PowerBiError = { message?: unknown; detailedMessage?: unknown; level?: unknown };

/** Below this trace level (Information, Verbose, Warning) an error event does not stop the report. */
const POWERBI_TRACE_ERROR = 3;

const CLIENT_FAILURE = 'The report could not be shown.';

/** The message of a Power BI 'error' event that stops the report; null for a warning. */
export function powerBiErrorMessage(detail: unknown): string | null {
  const error: PowerBiError = typeof detail === 'object' && detail !== null ? detail : {};
  if (typeof error.level === 'number' && error.level < POWERBI_TRACE_ERROR) return null;
  if (typeof error.detailedMessage === 'string' && error.detailedMessage) return error.detailedMessage;
  if (typeof error.message === 'string' && error.message) return error.message;
  return CLIENT_FAILURE;
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : CLIENT_FAILURE;

/**
 * A Power BI report (spec part 1 §2, §4, §8): the embed config from the server mounted with
 * powerbi-client, covered by the loader until the report's 'loaded' event, the error panel with the
 * message on an 'error' event. The config is refetched before its token expires, and the new token
 * goes to the running report (`setAccessToken`) rather than embedding it again.
 */
export function PowerBiReport({
  assignmentId,
  levelUuid,
  label,
}: {
  assignmentId: string;
  levelUuid: string;
  label: string;
}) {
  const config = useQuery(embedConfigQuery(assignmentId, levelUuid));
  const [failure, setFailure] = useState<string | null>(null);

  if (failure !== null) return <EmbedErrorPanel message={failure} />;
  // Also when a refresh fails (after the client's retries): the running token is about to expire.
  if (config.isError) return <EmbedErrorPanel message={config.error.message} />;
  if (!config.data) return <EmbedLoader label={`Loading ${label}`} />;
  if (!config.data.accessToken || !config.data.reportId) {
    return <EmbedErrorPanel message="The server sent no Power BI embed token for this report." />;
  }
  return (
    <PowerBiFrame
      // A different report (or embed origin) is a new embed; a new token for the same one is not.
      key={`${config.data.origin} ${config.data.reportId}`}
      config={config.data}
      accessToken={config.data.accessToken}
      reportId={config.data.reportId}
      label={label}
      onFailure={setFailure}
    />
  );
}

/**
 * The report's container: 16:9 of its width (the shape of a default Power BI page, so a page fits
 * without letterboxing), within the shared 900-1600px bounds.
 */
function PowerBiFrame({
  config,
  accessToken,
  reportId,
  label,
  onFailure,
}: {
  config: EmbedConfig;
  accessToken: string;
  reportId: string;
  label: string;
  onFailure: (message: string) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const reportRef = useRef<{ report: Report; token: string } | null>(null);
  const [loaded, setLoaded] = useState(false);
  // What the embed effect and the token effect read when they run, without re-running for it.
  const latest = useRef({ embedUrl: config.embedUrl, accessToken, onFailure });
  useEffect(() => {
    latest.current = { embedUrl: config.embedUrl, accessToken, onFailure };
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let unmounted = false;
    let reset: (() => void) | undefined;
    powerBiRuntime(config.origin)
      .then(({ service, models }) => {
        if (unmounted) return;
        const { embedUrl, accessToken: token } = latest.current;
        const report = service.embed(container, {
          type: 'report',
          tokenType: models.TokenType.Embed,
          accessToken: token,
          embedUrl,
          id: reportId,
          permissions: models.Permissions.Read,
          viewMode: models.ViewMode.View,
          settings: {
            background: models.BackgroundType.Default,
            panes: { filters: { visible: false }, pageNavigation: { visible: true } },
          },
        }) as Report;
        report.setComponentTitle(label);
        report.on('loaded', () => {
          if (!unmounted) setLoaded(true);
        });
        report.on('error', (event) => {
          const message = powerBiErrorMessage((event as CustomEvent<unknown> | undefined)?.detail);
          if (!unmounted && message !== null) latest.current.onFailure(message);
        });
        reportRef.current = { report, token };
        reset = () => service.reset(container);
      })
      .catch((error: unknown) => {
        if (!unmounted) latest.current.onFailure(messageOf(error));
      });
    return () => {
      unmounted = true;
      reportRef.current = null;
      reset?.();
    };
  }, [config.origin, reportId, label]);

  // Spec part 1 §4: the refetched config's token goes to the report that is already running.
  useEffect(() => {
    const current = reportRef.current;
    if (!current || current.token === accessToken) return;
    current.token = accessToken;
    current.report.setAccessToken(accessToken).catch((error: unknown) => {
      latest.current.onFailure(powerBiErrorMessage(error) ?? messageOf(error));
    });
  }, [accessToken]);

  return (
    <EmbedContainer label={label}>
      {loaded ? null : <LoadingCover label={`Loading ${label}`} />}
      <Box
        ref={containerRef}
        data-testid="powerbi-report"
        style={{ aspectRatio: '16 / 9', width: '100%', visibility: loaded ? 'visible' : 'hidden' }}
      />
    </EmbedContainer>
  );
}
