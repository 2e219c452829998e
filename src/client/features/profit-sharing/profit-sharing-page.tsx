import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  MEMBER_PAGE_SIZE,
  type AgreementsResponse,
  type AgreementSummary,
} from '#shared/contracts/profit-sharing.ts';
import { PageLinks } from '#client/components/table-pager.tsx';
import { useLevel } from '#client/app/level.ts';
import { PageHeader } from '#client/components/report/page-header.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { saveFile } from '#client/components/report/save-file.ts';
import { agreementsQuery, copyAgreements, downloadAgreementsCsv } from './profit-sharing-api.ts';
import { failingGatesText, nextBandText, payout, StatusBadge } from './profit-sharing-parts.tsx';
import { AgreementsImport, downloadAgreementsXlsx } from './agreements-files.tsx';
import { YearParamSelect } from './year-param-select.tsx';

const linesText = (summary: AgreementSummary) => {
  const { broadLines, standardTypes } = summary.agreement.lines;
  if (standardTypes.length > 0) return `${broadLines[0]}: ${standardTypes.join(', ')}`;
  return broadLines.length === 4 ? 'P&C' : broadLines.join(', ');
};

/** One agreement as a card: its status, the payout projected to year end, and what the next band needs. */
function AgreementCard({ summary }: { summary: AgreementSummary }) {
  const { agreement } = summary;
  const next = nextBandText(summary.nextBand);
  const failing = failingGatesText(summary.failingGates);
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={`agreement-${agreement.agreementUuid}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3} size="h5" id={`agreement-${agreement.agreementUuid}`}>
              <Anchor component={Link} to={`/profit-sharing/${agreement.agreementUuid}`}>
                {agreement.carrierName}: {agreement.name}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {linesText(summary)} · {agreement.measure === 'writtenPremium' ? 'written' : 'earned'} premium
            </Text>
          </div>
          <StatusBadge status={summary.status} />
        </Group>
        {summary.status === 'noFigures' ? (
          <Text size="sm">No month of {agreement.year} has been reported yet.</Text>
        ) : (
          <>
            <Group gap="xl">
              <div>
                <Text size="xs" c="dimmed">
                  Projected payout
                </Text>
                <Text fw={700} size="xl">
                  {payout(summary.projectedPayout)}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  On the year so far
                </Text>
                <Text fw={600}>{payout(summary.yearToDatePayout)}</Text>
              </div>
              {summary.payoutAtRisk > 0 && (
                <div>
                  <Text size="xs" c="dimmed">
                    At risk
                  </Text>
                  <Text fw={600}>{payout(summary.payoutAtRisk)}</Text>
                </div>
              )}
            </Group>
            {failing && <Text size="sm">Not eligible: the {failing}.</Text>}
            <Text size="sm">
              {next
                ? `${failing ? 'Once eligible, the next' : 'Next'} band: ${next}.`
                : 'At the best band of the grid.'}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** A network's member agencies' agreements, ranked by the payout they have at risk. */
/**
 * The ranking's rows-per-page choices: the server sends one page (at most 100 rows) with the count and
 * totals of every row; the pager shows above 25 rows, as the app's other tables.
 */
const RANKING_SIZES = ['10', '25', '50', '100'];

function MemberTable({
  answer,
  onPage,
}: {
  answer: AgreementsResponse;
  onPage: (ranking: { page: number; pageSize: number }) => void;
}) {
  const members = answer.memberAgreements;
  const { page, pageSize } = answer.memberPage;
  const totals = answer.memberTotals;
  const pageCount = Math.max(1, Math.ceil(totals.count / pageSize));
  const first = (page - 1) * pageSize + 1;
  return (
    <Paper withBorder component="section" aria-labelledby="member-agreements" p="md">
      <Title order={2} size="h4" id="member-agreements" mb="sm">
        Member agencies by payout at risk
      </Title>
      {totals.count === 0 ? (
        <Text size="sm">No member agency has entered an agreement for this year.</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {totals.count} {totals.count === 1 ? 'agreement' : 'agreements'}: payout at risk{' '}
            {payout(totals.payoutAtRisk)}, projected payout {payout(totals.projectedPayout)}. Showing{' '}
            {members.length === 0 ? 'none' : `${first} to ${first + members.length - 1}`}.
          </Text>
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Agency</Table.Th>
                  <Table.Th>Carrier and agreement</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Payout at risk</Table.Th>
                  <Table.Th ta="right">Projected payout</Table.Th>
                  <Table.Th>Next band</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.map((summary) => (
                  <Table.Tr key={summary.agreement.agreementUuid}>
                    <Table.Td>{summary.agreement.holderName}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/profit-sharing/${summary.agreement.agreementUuid}`}>
                        {summary.agreement.carrierName}: {summary.agreement.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={summary.status} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {payout(summary.payoutAtRisk)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {payout(summary.projectedPayout)}
                    </Table.Td>
                    <Table.Td>
                      {summary.failingGates.length > 0
                        ? `Not eligible: the ${failingGatesText(summary.failingGates)}`
                        : (nextBandText(summary.nextBand) ?? 'At the best band')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {totals.count > MEMBER_PAGE_SIZE && (
            <Group justify="space-between" wrap="wrap">
              <NativeSelect
                label="Rows per page"
                data={RANKING_SIZES}
                value={String(pageSize)}
                onChange={(event) => onPage({ page: 1, pageSize: Number(event.currentTarget.value) })}
                w={130}
                size="sm"
              />
              <PageLinks
                total={pageCount}
                page={page}
                onChange={(next) => onPage({ page: next, pageSize })}
              />
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * /profit-sharing: the level's profit-sharing agreements of a year, each projected from Carrier
 * Production's figures; at a network, its member agencies' agreements ranked by payout at risk.
 */
export function ProfitSharingPage() {
  const levelUuid = useLevel();
  const [params] = useSearchParams();
  const requestedYear = Number(params.get('year')) || undefined;
  // Staff and network users choose a level first (the header's picker): no call before it is known.
  const [ranking, setRanking] = useState({ page: 1, pageSize: MEMBER_PAGE_SIZE });
  const query = useQuery({
    ...agreementsQuery(levelUuid, requestedYear, ranking),
    enabled: !!levelUuid,
    // Paging the ranking keeps the page on screen until the next rows come.
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ tone: 'red' | 'green'; text: string } | null>(null);
  // Last year's agreements copied into the shown year.
  const copy = useMutation({
    mutationFn: (year: number) => copyAgreements(levelUuid, year),
    onMutate: () => setMessage(null),
    onSuccess: async ({ copied }, year) => {
      await queryClient.invalidateQueries({ queryKey: ['profit-sharing'] });
      setMessage({
        tone: 'green',
        text: `${copied} ${copied === 1 ? 'agreement' : 'agreements'} copied from ${year - 1}.`,
      });
    },
    onError: (failure) =>
      setMessage({
        tone: 'red',
        text: failure instanceof ApiError ? failure.message : 'The copy failed. Try again.',
      }),
  });

  if (query.isError) {
    return (
      <Alert color="red" title="Profit sharing could not be loaded">
        {query.error.message}
      </Alert>
    );
  }
  if (!query.data) return <Loader aria-label="Loading profit-sharing agreements" />;
  const answer = query.data;
  const { year } = answer;

  const download = async () => {
    const { blob, filename } = await downloadAgreementsCsv(levelUuid, year);
    saveFile(blob, filename);
  };
  const newPath = `/profit-sharing/new?year=${year}${levelUuid ? `&levelUuid=${levelUuid}` : ''}`;

  return (
    <Stack gap="md">
      <PageHeader
        title="Profit Sharing"
        description={
          <>
            Each carrier&apos;s bonus projected from{' '}
            {answer.levelKind === 'network' ? 'the network' : 'your agency'}
            &apos;s production: the year so far, and run on to year end at the last 12 months&apos; pace.
          </>
        }
      >
        <Group>
          <YearParamSelect
            years={answer.yearOptions}
            year={year}
            onChosen={() => setRanking({ page: 1, pageSize: ranking.pageSize })}
          />
          <Button variant="default" onClick={() => void download()}>
            Download CSV
          </Button>
          <Button variant="default" onClick={() => void downloadAgreementsXlsx(levelUuid, year)}>
            Download XLSX
          </Button>
          {answer.levelKind === 'network' && answer.canEdit && (
            <Button
              variant="default"
              component={Link}
              to={`/profit-sharing/checks?year=${year}${levelUuid ? `&levelUuid=${levelUuid}` : ''}`}
            >
              Contingent checks
            </Button>
          )}
          {answer.canEdit && (
            <>
              <Button variant="default" loading={copy.isPending} onClick={() => copy.mutate(year)}>
                Copy {year - 1} agreements
              </Button>
              <Button component={Link} to={newPath}>
                New agreement
              </Button>
            </>
          )}
        </Group>
      </PageHeader>
      {message && (
        <Alert color={message.tone} role="status" withCloseButton onClose={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      <section aria-labelledby="own-agreements">
        <Title order={2} size="h4" id="own-agreements" mb="sm">
          {answer.levelKind === 'network' ? "The network's agreements" : 'Agreements'} for {year}
        </Title>
        {answer.agreements.length === 0 ? (
          <Paper withBorder p="md">
            <Text>
              No profit-sharing agreement for {year} yet.{' '}
              {answer.canEdit
                ? 'Enter one from the carrier’s agreement with New agreement, or copy last year’s.'
                : answer.levelKind === 'network'
                  ? 'Network users enter the network’s agreements.'
                  : 'Your agency’s owners and administrators enter them.'}
            </Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {answer.agreements.map((summary) => (
              <AgreementCard key={summary.agreement.agreementUuid} summary={summary} />
            ))}
          </SimpleGrid>
        )}
      </section>
      {answer.levelKind === 'network' && <MemberTable answer={answer} onPage={setRanking} />}
      {answer.canEdit && <AgreementsImport levelUuid={levelUuid} year={year} />}
    </Stack>
  );
}
