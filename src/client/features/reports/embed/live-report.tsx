import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReportAssignment } from '#shared/contracts/reports.ts';
import type { ReportDescriptor } from '#shared/domain/reports.ts';
import { useLevel } from '#client/app/level.ts';
import { liveReportQuery } from './embed-api.ts';
import { EmbedErrorPanel, EmbedLoader } from './embed-layout.tsx';
import { MetabaseDashboard } from './metabase-dashboard.tsx';
import { PowerBiReport } from './powerbi-report.tsx';
import { SigmaWorkbook } from './sigma-workbook.tsx';

export type LiveReportProps = {
  /** A report of the catalogue whose view is 'embed'. */
  report: ReportDescriptor;
  /**
   * What shows when no dashboard is assigned at the level: the report's fallback (or nothing). For
   * staff, `providerNotSetUp` names the provider of a dashboard assigned here that the server has no
   * keys for.
   */
  renderFallback: (fallbackKey: string | null, providerNotSetUp: string | null) => ReactNode;
};

/**
 * The live report embed (spec part 1 §2 "Loading, then error, then no assignment (fallback), then
 * the embedded report"): the dashboard assigned to the report at the level chosen in the header,
 * from whichever provider it lives on.
 */
export function LiveReport({ report, renderFallback }: LiveReportProps) {
  const levelUuid = useLevel();
  const answer = useQuery({
    ...liveReportQuery(report.key, levelUuid ?? ''),
    enabled: levelUuid !== undefined,
  });

  let body: ReactNode;
  if (levelUuid === undefined || answer.isPending) {
    body = <EmbedLoader label={`Loading ${report.label}`} />;
  } else if (answer.isError) {
    body = <EmbedErrorPanel message={answer.error.message} />;
  } else if (!answer.data.assignment) {
    return renderFallback(report.fallbackReport, answer.data.providerNotSetUp);
  } else {
    body = <EmbeddedReport assignment={answer.data.assignment} levelUuid={levelUuid} label={report.label} />;
  }

  return (
    <Stack gap="md">
      <Title order={1}>{report.label}</Title>
      {body}
    </Stack>
  );
}

/** The assigned dashboard, mounted the way its provider needs. */
function EmbeddedReport({
  assignment,
  levelUuid,
  label,
}: {
  assignment: ReportAssignment;
  levelUuid: string;
  label: string;
}) {
  switch (assignment.provider) {
    case 'powerbi':
      return (
        <PowerBiReport
          key={`${assignment.assignmentId} ${levelUuid}`}
          assignmentId={assignment.assignmentId}
          levelUuid={levelUuid}
          label={label}
        />
      );
    case 'sigma':
      return (
        <SigmaWorkbook
          key={`${assignment.assignmentId} ${levelUuid}`}
          workbookId={assignment.reportId}
          levelUuid={levelUuid}
          label={label}
        />
      );
    case 'metabase':
      return (
        <MetabaseDashboard
          key={`${assignment.assignmentId} ${levelUuid}`}
          assignmentId={assignment.assignmentId}
          levelUuid={levelUuid}
          label={label}
        />
      );
  }
}
