import { Alert, Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { HealthCarrier, HealthLine, HealthResponse } from '#shared/contracts/reporting-health.ts';
import { mayUploadCarrierFiles } from '#shared/domain/access.ts';
import { isInternalUser, UPLOAD_PATH } from '#shared/domain/navigation.ts';
import { portalPermissionsQuery } from '#client/app/access.ts';
import { useCurrentUser } from '#client/app/current-user.ts';
import { useLevel } from '#client/app/level.ts';
import { Select } from '#client/components/select.tsx';
import { healthQuery } from './monthly-close-api.ts';
import { CloseWarnings } from './close-warnings.tsx';
import {
  attentionLines,
  fineLines,
  fixLink,
  lineDetail,
  statusText,
  statusTone,
} from './monthly-close-model.ts';

/** Pale pills with dark text, at least 6:1 (as the date badge's, decision 050). */
const PILL: Record<ReturnType<typeof statusTone>, { background: string; text: string; border: string }> = {
  red: { background: '#fff5f5', text: '#a61e1e', border: '#ffa8a8' },
  orange: { background: '#fff4e6', text: '#8a3c00', border: '#ffc078' },
  yellow: { background: '#fff9db', text: '#7a4100', border: '#ffd43b' },
  green: { background: '#ebfbee', text: '#1b5e20', border: '#8ce99a' },
};

function StatusPill({ line }: { line: HealthLine }) {
  const colours = PILL[statusTone(line)];
  return (
    <span
      data-tone={statusTone(line)}
      style={{
        display: 'inline-block',
        padding: '2px 8px',
        borderRadius: 999,
        fontSize: 13,
        fontWeight: 600,
        whiteSpace: 'nowrap',
        background: colours.background,
        color: colours.text,
        border: `1px solid ${colours.border}`,
      }}
    >
      {statusText(line)}
    </span>
  );
}

const monthName = (month: string) => {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, m! - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

function Counts({ answer }: { answer: HealthResponse }) {
  const { counts } = answer;
  const items = [
    { label: 'Fine', value: counts.fine, colour: '#1b5e20' },
    { label: 'Missing', value: counts.missing, colour: '#a61e1e' },
    { label: 'Late', value: counts.late, colour: '#8a3c00' },
    { label: 'Unmapped values', value: counts.unmapped, colour: '#7a4100' },
    { label: 'Blank figures', value: counts.blanks, colour: '#7a4100' },
  ];
  return (
    <Group gap="xl" aria-label="Summary of the month">
      {items.map((item) => (
        <div key={item.label}>
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text fw={700} size="xl" style={{ color: item.value > 0 ? item.colour : undefined }}>
            {item.value}
          </Text>
        </div>
      ))}
      <div>
        <Text size="xs" c="dimmed">
          Agency × carrier lines
        </Text>
        <Text fw={700} size="xl">
          {counts.lines}
        </Text>
      </div>
    </Group>
  );
}

function Checklist({
  lines,
  month,
  may,
  network,
  fine = false,
}: {
  lines: HealthLine[];
  month: string;
  may: { upload: boolean; manualEntry: boolean };
  network: boolean;
  /** The lines that need nothing: no fix column, and a table that wraps rather than scrolls. */
  fine?: boolean;
}) {
  const table = (
    <Table
      striped
      aria-label={`${fine ? 'Reports that are fine' : 'Reports that need attention'} for ${monthName(month)}`}
    >
      <Table.Thead>
        <Table.Tr>
          {network && <Table.Th>Agency</Table.Th>}
          <Table.Th>Carrier</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Details</Table.Th>
          {!fine && <Table.Th>Fix</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => {
          const fix = fixLink(line, month, may);
          return (
            <Table.Tr
              key={`${line.agencyUuid} ${line.carrierUuid}`}
              data-testid="close-line"
              data-status={line.problems.length > 0 ? 'attention' : 'fine'}
            >
              {network && <Table.Td>{line.agencyName}</Table.Td>}
              <Table.Td>{line.carrierName}</Table.Td>
              <Table.Td>
                <StatusPill line={line} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{lineDetail(line)}</Text>
              </Table.Td>
              {!fine && (
                <Table.Td>
                  {fix ? (
                    <Anchor component={Link} to={fix.href} size="sm">
                      {fix.label}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {line.fix === 'manualEntry' ? 'The agency enters it by hand' : 'An uploader loads it'}
                    </Text>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
  return fine ? table : <Table.ScrollContainer minWidth={760}>{table}</Table.ScrollContainer>;
}

/** Each carrier's usual lag, the due date's basis, folded away under its title. */
function UsualLags({ carriers }: { carriers: HealthCarrier[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="close-lags">
      <details>
        <summary style={{ cursor: 'pointer' }}>
          <Title order={2} size="h4" id="close-lags" style={{ display: 'inline' }}>
            Usual lags of {carriers.length} {carriers.length === 1 ? 'carrier' : 'carriers'}
          </Title>
        </summary>
        <Text size="sm" c="dimmed" mt="xs">
          Days after a month&apos;s end by which each carrier&apos;s report usually arrives; a report is late
          past its carrier&apos;s lag.
        </Text>
        <Table.ScrollContainer minWidth={480} maw={720} mt="xs">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Carrier</Table.Th>
                <Table.Th scope="col" ta="right" nowrap>
                  Usual lag
                </Table.Th>
                <Table.Th scope="col">Learnt from</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {carriers.map((c) => (
                <Table.Tr key={c.carrierUuid}>
                  <Table.Th scope="row" fw={400}>
                    {c.carrierName}
                  </Table.Th>
                  <Table.Td ta="right" nowrap>
                    {c.lagDays} days
                  </Table.Td>
                  <Table.Td>
                    {c.lagBasis === 'default'
                      ? 'The default: too few known arrivals'
                      : 'Its reports’ arrivals'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </details>
    </Paper>
  );
}

/**
 * /monthly-close: the checklist a network analyst works down at the close of a month. One line per
 * agency x carrier that needs attention (a report missing or late against the carrier's usual lag,
 * an upload's values left unmapped, blank figures), each with the link that fixes it; the lines that
 * are fine are counted and listed apart. An agency user sees its own agency's lines (decision 070).
 */
export function MonthlyClosePage() {
  const user = useCurrentUser();
  const levelUuid = useLevel();
  const [params, setParams] = useSearchParams();
  const requestedMonth = params.get('month') ?? undefined;
  const query = useQuery({ ...healthQuery(levelUuid, requestedMonth), enabled: !!levelUuid });
  const permissions = useQuery(portalPermissionsQuery);
  const may = {
    upload: permissions.isSuccess && mayUploadCarrierFiles(user, permissions.data),
    manualEntry: user.userType === 'agency' || isInternalUser(user),
  };

  if (query.isError) {
    return (
      <Alert color="red" title="The monthly close could not be loaded">
        {query.error.message}
      </Alert>
    );
  }
  if (!query.data) return <Loader aria-label="Loading the monthly close" />;
  const answer = query.data;
  const attention = attentionLines(answer.lines);
  const fine = fineLines(answer.lines);
  const network = answer.levelKind === 'network';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Monthly Close
          </Title>
          <Text c="dimmed" size="sm">
            Each carrier&apos;s report of the month for {network ? 'every member agency' : 'your agency'}: due
            by the carrier&apos;s usual lag after the month&apos;s end, learnt from when its reports arrived.
            {network && ' Then the member agencies with early warnings, to call.'}
          </Text>
        </div>
        <Select
          label="Month"
          w={200}
          data={answer.monthOptions.map((m) => ({ value: m, label: monthName(m) }))}
          value={answer.month}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return;
            const next = new URLSearchParams(params);
            next.set('month', value);
            setParams(next);
          }}
        />
      </Group>
      <Paper withBorder p="md">
        <Counts answer={answer} />
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="close-attention">
        <Title order={2} size="h4" id="close-attention" mb="sm">
          Needs attention for {monthName(answer.month)}
        </Title>
        {answer.lines.length === 0 ? (
          <Text>
            No carrier reported for {network ? 'the network' : 'your agency'} in the year before this month.
          </Text>
        ) : attention.length === 0 ? (
          <Text role="status" c="green.9" fw={600}>
            Every report of {monthName(answer.month)} is in: nothing to fix.
          </Text>
        ) : (
          <Checklist lines={attention} month={answer.month} may={may} network={network} />
        )}
      </Paper>
      {network && levelUuid && <CloseWarnings levelUuid={levelUuid} />}
      {answer.uploads.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="close-uploads">
          <Title order={2} size="h4" id="close-uploads" mb="sm">
            Uploads to finish
          </Title>
          <Stack gap={4}>
            {answer.uploads.map((upload) => (
              <Text size="sm" key={upload.uploadUuid}>
                {upload.fileName}:{' '}
                {upload.status === 'staged'
                  ? 'not loaded yet'
                  : `${upload.rowsExcluded} ${upload.rowsExcluded === 1 ? 'row' : 'rows'} left out (values unmapped or unreadable)`}
                {may.upload && (
                  <>
                    {' '}
                    <Anchor component={Link} to={UPLOAD_PATH}>
                      Open the uploads
                    </Anchor>
                  </>
                )}
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
      {fine.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="close-fine">
          <details>
            <summary style={{ cursor: 'pointer' }}>
              <Title order={2} size="h4" id="close-fine" style={{ display: 'inline' }}>
                {fine.length} {fine.length === 1 ? 'line is' : 'lines are'} fine
              </Title>
            </summary>
            <Checklist lines={fine} month={answer.month} may={may} network={network} fine />
          </details>
        </Paper>
      )}
      {answer.carriers.length > 0 && <UsualLags carriers={answer.carriers} />}
    </Stack>
  );
}
