import { Stack, Text, Title } from '@mantine/core';
import {
  canOpenReport,
  reportByKey,
  type ReportAccess,
  type ReportDescriptor,
} from '#shared/domain/reports.ts';
import { LiveReport } from './embed/live-report.tsx';
import { RequestAccess } from './request-access.tsx';

/** A report the user may open but that has no dashboard at their level yet. */
export function NoDashboard({ report }: { report: ReportDescriptor }) {
  return (
    <Stack maw={720} gap="sm">
      <Title order={1}>{report.label}</Title>
      <Text>{report.description}</Text>
      <Text fw={600}>No dashboard has been set up for {report.label} here yet.</Text>
      <Text>
        Our team sets up each network&apos;s dashboards. Ask them and they will let you know when it is ready.
      </Text>
      <div>
        <RequestAccess report={report} label="Ask support to set it up" />
      </div>
    </Stack>
  );
}

/**
 * An embedded report of the catalogue (spec part 1 §2 "Live report embed"). Without an assignment it
 * shows its fallback report when the user may open it (a teaser of the report itself is no fallback:
 * the user has the report), else says no dashboard is set up yet.
 */
export function ReportEmbedPage({ report, access }: { report: ReportDescriptor; access: ReportAccess }) {
  return (
    <LiveReport
      report={report}
      renderFallback={(fallbackKey) => {
        const fallback = fallbackKey ? reportByKey(fallbackKey) : undefined;
        const usable =
          fallback &&
          fallback.view === 'embed' &&
          fallback.key !== report.key &&
          canOpenReport(fallback, access);
        if (!usable) return <NoDashboard report={report} />;
        return <LiveReport report={fallback} renderFallback={() => <NoDashboard report={fallback} />} />;
      }}
    />
  );
}
