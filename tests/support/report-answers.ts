import type { ReportAssignment, ReportResponse } from '#shared/contracts/reports.ts';
import { reportByKey, type ReportDescriptor } from '#shared/domain/reports.ts';

export const ASSIGNMENT_ID = '99999999-0000-4000-8000-000000000001';

/** The catalogue's report of `key`; a test names only reports that exist. */
export function descriptor(key: string): ReportDescriptor {
  const report = reportByKey(key);
  if (!report) throw new Error(`no report ${key}`);
  return report;
}

/**
 * What GET /api/reports/{key} answers: with `assignment`, a Power BI dashboard at the network's level
 * (its fields overridden by the given ones); with null, none, and `providerNotSetUp` for staff.
 */
export function reportAnswer(
  report: ReportDescriptor,
  assignment: Partial<ReportAssignment> | null,
  providerNotSetUp: string | null = null,
): ReportResponse {
  return {
    report: {
      key: report.key,
      path: report.path,
      label: report.label,
      description: report.description,
      fallbackReport: report.fallbackReport,
    },
    assignment: assignment && {
      assignmentId: ASSIGNMENT_ID,
      reportKey: report.key,
      provider: 'powerbi',
      reportId: 'report-1',
      level: 'network',
      ...assignment,
    },
    providerNotSetUp,
  };
}
