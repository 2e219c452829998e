import { Anchor } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { reportAssignmentsResponseSchema } from '#shared/contracts/reports.ts';
import { reportByKey, showReportLink } from '#shared/domain/reports.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** GET /api/reports/assignments?levelUuid: the dashboards the user may open at the level. */
export function reportAssignmentsQuery(levelUuid: string) {
  return queryOptions({
    queryKey: ['reports', 'assignments', levelUuid],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/reports/assignments?levelUuid=${encodeURIComponent(levelUuid)}`,
        reportAssignmentsResponseSchema,
        {
          signal,
        },
      ),
    staleTime: 5 * 60 * 1000,
  });
}

/**
 * The report link slot (spec part 1 §2 "Other report pages"): a link to a report's page, shown only
 * when a dashboard is assigned to it at the level, or the sigma flag is on with a report id, and
 * never on that page itself (the scorecard answers Agency Production's path where its flag is on:
 * a link there would lead back to the same page).
 */
export function ReportLinkSlot({
  reportKey,
  levelUuid,
  sigmaEnabled,
  sigmaReportId = null,
}: {
  reportKey: string;
  levelUuid: string | undefined;
  sigmaEnabled: boolean;
  sigmaReportId?: string | null;
}) {
  const assignments = useQuery({
    ...reportAssignmentsQuery(levelUuid ?? ''),
    enabled: levelUuid !== undefined,
  });
  const { pathname } = useLocation();
  const report = reportByKey(reportKey);
  const hasAssignment = assignments.data?.assignments.some((a) => a.reportKey === reportKey) ?? false;
  if (!report || pathname === `/${report.path}`) return null;
  if (!showReportLink({ hasAssignment, sigmaEnabled, reportId: sigmaReportId })) return null;
  return (
    <Anchor component={Link} to={`/${report.path}`} underline="always">
      Open the {report.label} dashboard
    </Anchor>
  );
}
