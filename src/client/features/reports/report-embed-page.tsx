import { lazy, Suspense } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { accessibleFallback, type ReportAccess, type ReportDescriptor } from '#shared/domain/reports.ts';
import { PageLoader } from '#client/components/page-loader.tsx';
import { LiveReport } from './embed/live-report.tsx';
import { RequestAccess } from './request-access.tsx';

// The teaser is a fallback few users meet: its code loads when it shows, outside the embed's budget.
const TeaserPage = lazy(async () => ({ default: (await import('./teaser-page.tsx')).TeaserPage }));

/**
 * A report the user may open but that has no dashboard at their level yet. Staff are also told when
 * one is assigned on a provider this server is not set up for.
 */
export function NoDashboard({
  report,
  providerNotSetUp = null,
}: {
  report: ReportDescriptor;
  providerNotSetUp?: string | null;
}) {
  return (
    <Stack maw={720} gap="sm">
      <Title order={1}>{report.label}</Title>
      <Text>{report.description}</Text>
      <Text fw={600}>
        {providerNotSetUp
          ? `A ${providerNotSetUp} dashboard is assigned to ${report.label} here, but ${providerNotSetUp} is not set up on this server.`
          : `No dashboard has been set up for ${report.label} here yet.`}
      </Text>
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
 * An embedded report of the catalogue (spec part 1 §2 "Live report embed"). Without a dashboard at the
 * level it shows its fallback (a teaser, or another report) when the user may open it, else says no
 * dashboard is set up yet.
 */
export function ReportEmbedPage({ report, access }: { report: ReportDescriptor; access: ReportAccess }) {
  return (
    <LiveReport
      report={report}
      renderFallback={(_, providerNotSetUp) => {
        if (providerNotSetUp) return <NoDashboard report={report} providerNotSetUp={providerNotSetUp} />;
        const fallback = accessibleFallback(report, access);
        if (!fallback || fallback.key === report.key) return <NoDashboard report={report} />;
        if (fallback.view === 'teaser') {
          return (
            <Suspense fallback={<PageLoader />}>
              <TeaserPage report={fallback} awaitingDashboard={report} />
            </Suspense>
          );
        }
        if (fallback.view !== 'embed') return <NoDashboard report={report} />;
        return <LiveReport report={fallback} renderFallback={() => <NoDashboard report={fallback} />} />;
      }}
    />
  );
}
