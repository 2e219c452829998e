import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { reportByKey, type ReportDescriptor } from '#shared/domain/reports.ts';
import { RequestAccess } from './request-access.tsx';

/** What each advertised report answers, for its teaser. */
const HIGHLIGHTS: Readonly<Record<string, readonly string[]>> = {
  'agency-production': [
    'Written premium and new business by carrier and line, month by month',
    'Commission earned against premium written, with the trend of the last years',
    'The carriers that grow and the ones that slip, at a glance',
  ],
  'market-assistance': [
    'Which carriers write the lines and states you want to place',
    'Where agencies like yours grow their book',
    'Appetite changes as carriers report them',
  ],
  'revenue-tuner': [
    'Agency revenue by carrier, with commission rate, retention and new business as levers',
    'What a point of retention or of new business is worth to you',
    'Scenarios to compare before a carrier review',
  ],
};

/**
 * A sketch of a dashboard's layout (tiles, a bar chart, a trend line and a table), drawn without
 * figures: it shows what the report looks like, not anybody's data.
 */
function DashboardSketch() {
  const bars = [52, 80, 64, 96, 72, 110, 88, 120];
  return (
    <svg viewBox="0 0 640 300" width="100%" role="img" aria-labelledby="sketch-title">
      <title id="sketch-title">
        Layout of the dashboard: summary tiles, a bar chart, a trend line and a table
      </title>
      <rect x="0" y="0" width="640" height="300" rx="8" fill="#f1f3f5" />
      {[0, 1, 2, 3].map((i) => (
        <g key={i}>
          <rect x={16 + i * 156} y="16" width="140" height="56" rx="6" fill="#fff" stroke="#ced4da" />
          <rect x={28 + i * 156} y="30" width="60" height="8" rx="4" fill="#adb5bd" />
          <rect x={28 + i * 156} y="48" width="96" height="12" rx="4" fill="#1c7ed6" opacity="0.7" />
        </g>
      ))}
      <rect x="16" y="88" width="296" height="196" rx="6" fill="#fff" stroke="#ced4da" />
      {bars.map((h, i) => (
        <rect
          key={i}
          x={36 + i * 34}
          y={270 - h}
          width="22"
          height={h}
          rx="3"
          fill="#1c7ed6"
          opacity="0.75"
        />
      ))}
      <rect x="328" y="88" width="296" height="96" rx="6" fill="#fff" stroke="#ced4da" />
      <polyline
        points="344,164 384,150 424,156 464,128 504,136 544,112 584,118 608,104"
        fill="none"
        stroke="#2f9e44"
        strokeWidth="3"
      />
      <rect x="328" y="196" width="296" height="88" rx="6" fill="#fff" stroke="#ced4da" />
      {[0, 1, 2, 3].map((i) => (
        <rect key={i} x="344" y={210 + i * 18} width={264 - (i % 2) * 40} height="8" rx="4" fill="#dee2e6" />
      ))}
    </svg>
  );
}

/**
 * A teaser (spec part 1 §2: agency-production-teaser, market-assistance-teaser, revenue-tuner-teaser):
 * what the report does, what it looks like, and a way to ask for it. Shown when the teaser feature
 * is on and the report's is not, and as the report's fallback (`awaitingDashboard`) when the user has
 * the report but no dashboard is set up at their level yet.
 */
export function TeaserPage({
  report,
  awaitingDashboard,
}: {
  report: ReportDescriptor;
  /** The report the user has, whose dashboard is not set up yet, when the teaser stands in for it. */
  awaitingDashboard?: ReportDescriptor;
}) {
  const target = (report.teaserOf && reportByKey(report.teaserOf)) || report;
  const highlights = HIGHLIGHTS[target.key] ?? [];
  return (
    <Stack maw={900} gap="lg">
      <Stack gap={4}>
        <Title order={1}>{target.label}</Title>
        <Text size="lg">{target.description}</Text>
      </Stack>
      {highlights.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            What you will see
          </Title>
          <List spacing={4}>
            {highlights.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Paper withBorder p="md" component="figure" m={0}>
        <DashboardSketch />
        <Text component="figcaption" size="sm" c="dimmed" mt="xs">
          How {target.label} is laid out. Your own figures appear here once{' '}
          {awaitingDashboard ? 'its dashboard is set up for you' : 'it is part of your subscription'}.
        </Text>
      </Paper>
      <Stack gap="xs" align="flex-start">
        {awaitingDashboard ? (
          <>
            <Text>
              {awaitingDashboard.label} is part of your subscription; no dashboard has been set up for it here
              yet.
            </Text>
            <RequestAccess report={awaitingDashboard} label="Ask support to set it up" />
          </>
        ) : (
          <>
            <Text>{target.label} is not part of your subscription yet.</Text>
            <RequestAccess report={target} label={`Request ${target.label}`} />
          </>
        )}
      </Stack>
    </Stack>
  );
}
