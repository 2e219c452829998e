import { Fragment, useMemo, useState, type ReactNode } from 'react';
import {
  Button,
  Checkbox,
  Chip,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { NO_FIGURES, type BroadLineCode } from '#shared/contracts/production.ts';
import { reportingDateTone } from '#shared/domain/date-badge.ts';
import { BUSINESS_TIME_ZONE, calendarDateIn, latestReportingMonth } from '#shared/domain/reporting-month.ts';
import type { Timeframe } from '#shared/domain/timeframe.ts';
import { useLevel } from '#client/app/level.ts';
import { useExpectedLatestMonth } from '#client/components/carrier-lags.ts';
import { DateBadge } from '#client/components/date-badge.tsx';
import { formatMoney, formatPercent, LossRatio, Money, Percent } from '#client/components/figures.tsx';
import { Hint } from '#client/components/hint.tsx';
import { Icon } from '#client/components/icons.tsx';
import { PageLinks, PAGE_SIZE, usePaging } from '#client/components/table-pager.tsx';
import { standardTypesQuery } from '#client/components/report/standard-types-query.ts';
import { byAgencyQuery, byCarrierQuery } from './production-api.ts';
import {
  agencyRows,
  DEFAULT_SORT,
  lineCatalog,
  measuresOf,
  sortRows,
  type LineCatalog,
  type Measures,
  type ProductionRequest,
  type SortKey,
  type SortState,
} from './production-model.ts';
import { FigureCell } from '#client/components/report/figure-cell.tsx';
import { saveFile } from '#client/components/report/save-file.ts';
import { nextSort, SortHeader } from '#client/components/report/sort-header.tsx';
import { TableStatusRow } from '#client/components/report/table-status-row.tsx';
import { changeTimeframe, readProductionState } from './production-params.ts';
import { TimeframeSelector } from '#client/components/report/timeframe-selector.tsx';
import { agencyCodeSearchParams, byAgencyCodeQuery, networkSummaryQuery } from './planning-api.ts';
import {
  cardRows,
  LOB_NOTE,
  networkShare,
  NO_DATA,
  percentOfBook,
  PLEASE_WAIT,
  planningCarrierRows,
  planningCodeRows,
  planningCsv,
  POLICY_TYPES,
  selectionSummary,
  type CardRow,
  type PlanningRow,
  type PlanningView,
} from './planning-model.ts';

const VIEWS: { value: PlanningView; label: string }[] = [
  { value: 'carriers', label: 'Carrier' },
  { value: 'agencies', label: 'Agency' },
  { value: 'agencyCodes', label: 'Agency Code' },
];

const TYPE_LABEL: Record<string, string> = { PL: 'PL', CL: 'CL', BOND: 'BOND', 'P&C': 'P&C' };

/** The network comparison tooltip of a card row: the level's share of the network's figure. */
function networkLabel(row: CardRow, pick: (m: Measures) => number | null): string {
  const share = networkShare(pick(row.measures), row.network ? pick(row.network) : undefined);
  if (typeof share === 'string') return share;
  return `Network: ${formatMoney(pick(row.network!) ?? 0)} (${formatPercent(share)} of the network)`;
}

function CardTypeCell({
  row,
  pick,
  card,
}: {
  row: CardRow;
  pick: (m: Measures) => number | null;
  card: string;
}) {
  return (
    <Table.Th scope="row">
      <Hint label={networkLabel(row, pick)}>
        <span
          tabIndex={0}
          aria-label={`${card} ${row.code}: network comparison`}
          data-testid={`network-${card}-${row.code}`}
        >
          {TYPE_LABEL[row.code]}
        </span>
      </Hint>
    </Table.Th>
  );
}

function Cards({ rows }: { rows: CardRow[] }) {
  const card = (
    title: string,
    heads: string[],
    cells: (r: CardRow) => React.ReactNode,
    pick: (m: Measures) => number | null,
  ) => (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {/* A card narrower than its figures scrolls them within itself. */}
      <Table.ScrollContainer minWidth={0}>
        <Table aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              {heads.map((h) => (
                <Table.Th key={h} ta="right">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.code}>
                <CardTypeCell row={r} pick={pick} card={title} />
                {cells(r)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
  const td = (node: React.ReactNode) => <Table.Td ta="right">{node}</Table.Td>;
  return (
    // Three abreast from 1408 px, where the loss ratio card's five columns have room; one above the
    // other on a smaller laptop.
    <SimpleGrid cols={{ base: 1, xl: 3 }}>
      {card(
        'Written Premium',
        ['Current', 'Prior', 'Change'],
        (r) => (
          <>
            {td(<Money value={r.measures.writtenPremium} />)}
            {td(<Money value={r.measures.priorWrittenPremium} />)}
            {td(<Percent value={r.measures.writtenPremiumChange} />)}
          </>
        ),
        (m) => m.writtenPremium,
      )}
      {card(
        'New Business',
        ['Current', 'Prior', 'Change', '% of Book'],
        (r) => (
          <>
            {td(<Money value={r.measures.newBusiness} />)}
            {td(<Money value={r.measures.priorNewBusiness} />)}
            {td(<Percent value={r.measures.newBusinessChange} />)}
            {td(<Percent value={percentOfBook(r.measures)} />)}
          </>
        ),
        (m) => m.newBusiness,
      )}
      {card(
        'Loss Ratio',
        ['EP', 'IL', 'Current', 'Prior'],
        (r) => (
          <>
            {td(<Money value={r.measures.earned} />)}
            {td(<Money value={r.measures.incurred} />)}
            {td(<LossRatio value={r.measures.lossRatio} />)}
            {td(<LossRatio value={r.measures.priorLossRatio} />)}
          </>
        ),
        (m) => m.incurred,
      )}
    </SimpleGrid>
  );
}

/** The planning table's figure columns: written premium and new business (3 each), loss ratio (2). */
const FIGURE_COLUMNS = 8;

/** The figure cells of a row; incomplete data greyed with its tooltip, percents shown as '%'. */
function FigureCells({ m, incomplete }: { m: Measures; incomplete: boolean }) {
  const cells: [ReactNode, boolean][] = [
    [<Money key="wp" value={m.writtenPremium} />, false],
    [<Money key="pwp" value={m.priorWrittenPremium} />, false],
    [<Percent key="wpc" value={m.writtenPremiumChange} />, true],
    [<Money key="nb" value={m.newBusiness} />, false],
    [<Money key="pnb" value={m.priorNewBusiness} />, false],
    [<Percent key="nbc" value={m.newBusinessChange} />, true],
    [<LossRatio key="lr" value={m.lossRatio} />, true],
    [<LossRatio key="plr" value={m.priorLossRatio} />, true],
  ];
  return (
    <>
      {cells.map(([c, percent], i) => (
        <FigureCell key={i} incomplete={incomplete} percent={percent}>
          {c}
        </FigureCell>
      ))}
    </>
  );
}

/**
 * An open row's details: its lines (LOB) or its agency codes (Subcode), as rows of the planning
 * table itself, so each figure sits under its column's header (a table nested in one cell sizes
 * its columns on its own). `nameSpan` is how many columns the row's name takes (Name, and Last
 * Reported by carrier).
 */
function DetailRows({
  row,
  type,
  request,
  catalog,
  nameSpan,
}: {
  row: PlanningRow;
  type: BroadLineCode;
  request: ProductionRequest;
  catalog: LineCatalog;
  nameSpan: number;
}) {
  const [pill, setPill] = useState<'LOB' | 'Subcode'>('LOB');
  // A row's agency codes: every code of its carrier or agency, asked when the Subcode pill is chosen.
  const { agencyUuid, carrierUuid } = row.parent;
  const codes = useQuery({
    ...(agencyUuid
      ? byAgencyCodeQuery({ ...request, levelUuid: agencyUuid }, {})
      : byAgencyCodeQuery(request, { carrierUuid })),
    enabled: pill === 'Subcode',
  });
  const items =
    pill === 'LOB'
      ? row.lines.map((l) => ({ id: l.code, label: l.label, m: l.measures, incomplete: row.incomplete }))
      : codes.data
        ? planningCodeRows(codes.data, catalog).map((r) => ({
            id: r.id,
            label: r.label,
            m: r.measures,
            incomplete: r.incomplete,
          }))
        : [];
  const waiting = pill === 'Subcode' && codes.isPending;
  return (
    <>
      <Table.Tr bg="gray.0">
        <Table.Td />
        <Table.Td colSpan={nameSpan + FIGURE_COLUMNS}>
          <Group gap="md">
            <Chip.Group multiple={false} value={pill} onChange={(v) => setPill(v)}>
              <Group gap="xs" role="radiogroup" aria-label={`${row.label}: show by`}>
                <Chip value="LOB" size="xs">
                  LOB
                </Chip>
                {row.parent.carrierUuid || row.parent.agencyUuid ? (
                  <Chip value="Subcode" size="xs">
                    Subcode
                  </Chip>
                ) : null}
              </Group>
            </Chip.Group>
            {pill === 'LOB' && type !== 'P&C' && (
              <Text size="sm" c="gray.7">
                {LOB_NOTE}
              </Text>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
      {items.length === 0 ? (
        <Table.Tr bg="gray.0" aria-busy={waiting}>
          <Table.Td />
          <Table.Td colSpan={nameSpan + FIGURE_COLUMNS}>{waiting ? PLEASE_WAIT : NO_DATA}</Table.Td>
        </Table.Tr>
      ) : (
        items.map((i) => (
          <Table.Tr key={i.id} bg="gray.0" data-testid={`${pill}-row`}>
            <Table.Td />
            <Table.Th scope="row" colSpan={nameSpan} fw={400} pl="lg">
              {i.label}
            </Table.Th>
            <FigureCells m={i.m} incomplete={i.incomplete} />
          </Table.Tr>
        ))
      )}
    </>
  );
}

/** The pages of a table the server pages (25 rows), shown only above 25 rows (spec part 2 §9). */
function ServerPager({
  total,
  page,
  onChange,
}: {
  total: number;
  page: number;
  onChange: (page: number) => void;
}) {
  if (total <= PAGE_SIZE) return null;
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm">{total.toLocaleString('en-US')} agency codes</Text>
      <PageLinks total={Math.ceil(total / PAGE_SIZE)} page={page} onChange={onChange} />
    </Group>
  );
}

/**
 * /planning: the network planning tool (spec part 2 §2 "Planning tool (core production)", decision
 * 017): the cards per policy type with the network comparison, and the table per carrier, agency or
 * agency code with the Selection Summary.
 */
export function PlanningPage() {
  const [today] = useState(() => calendarDateIn(BUSINESS_TIME_ZONE));
  const latest = latestReportingMonth(today);
  const [params, setParams] = useSearchParams();
  const { timeframe } = useMemo(() => readProductionState(params, today), [params, today]);
  const levelUuid = useLevel();
  const expectedLatest = useExpectedLatestMonth(levelUuid, latest);
  const [view, setView] = useState<PlanningView>('carriers');
  const [type, setType] = useState<BroadLineCode>('P&C');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // Selected rows by id, kept with their figures: agency codes come a page at a time.
  const [selected, setSelected] = useState<ReadonlyMap<string, PlanningRow>>(new Map());
  // The table by agency code is paged, sorted and searched by the server (decision 026).
  const [codePage, setCodePage] = useState(1);
  const [codeSort, setCodeSort] = useState<SortState>(DEFAULT_SORT);
  const [codeSearch, setCodeSearch] = useState('');

  const request: ProductionRequest = {
    levelUuid: levelUuid ?? '',
    timeframe,
    line: type,
    standardTypes: [],
    composite: 'all',
  };
  const codeOptions = {
    sort: codeSort.key,
    direction: codeSort.direction,
    search: codeSearch.trim(),
  };
  const enabled = Boolean(levelUuid);
  const summary = useQuery({ ...networkSummaryQuery(request), enabled });
  const carriers = useQuery({ ...byCarrierQuery(request), enabled: enabled && view === 'carriers' });
  const agencies = useQuery({ ...byAgencyQuery(request), enabled: enabled && view === 'agencies' });
  const codes = useQuery({
    ...byAgencyCodeQuery(request, { ...codeOptions, page: codePage, pageSize: PAGE_SIZE }),
    enabled: enabled && view === 'agencyCodes',
  });
  const tree = useQuery(standardTypesQuery);
  const catalog = useMemo(() => lineCatalog(tree.data?.tree), [tree.data]);

  const rows = useMemo((): PlanningRow[] => {
    if (view === 'agencyCodes') return codes.data ? planningCodeRows(codes.data, catalog) : [];
    const all =
      view === 'carriers'
        ? carriers.data
          ? planningCarrierRows(carriers.data, catalog)
          : []
        : agencies.data
          ? agencyRows(agencies.data, catalog).map((r) => ({
              ...r,
              carrier: null,
              parent: { agencyUuid: r.id },
            }))
          : [];
    return sortRows(all, DEFAULT_SORT) as PlanningRow[];
  }, [view, carriers.data, agencies.data, codes.data, catalog]);
  const active = view === 'carriers' ? carriers : view === 'agencies' ? agencies : codes;
  const loading = !enabled || active.isPending || (view === 'agencyCodes' && codes.isPlaceholderData);
  const paging = usePaging(rows);
  const { shown, pager } =
    view === 'agencyCodes'
      ? {
          shown: rows,
          pager: (
            <ServerPager
              total={codes.data?.totalCount ?? 0}
              page={codePage}
              onChange={(next) => {
                setExpanded(new Set());
                setCodePage(next);
              }}
            />
          ),
        }
      : paging;
  const sel = selectionSummary([...selected.values()]);
  const period = { start: timeframe.startDate.slice(0, 7), end: timeframe.endDate.slice(0, 7) };
  const totals =
    view === 'agencyCodes'
      ? measuresOf(codes.data?.totals ?? NO_FIGURES)
      : (cardRows(summary.data).find((c) => c.code === type)?.measures ?? cardRows(undefined)[0]!.measures);
  const noRows = view === 'agencyCodes' ? (codes.data?.totalCount ?? 0) === 0 : rows.length === 0;

  const reset = () => {
    setExpanded(new Set());
    setSelected(new Map());
    setCodePage(1);
  };
  const onTimeframe = (next: Timeframe) => {
    if (next.code === timeframe.code) return;
    reset();
    setParams(changeTimeframe(next));
  };
  const toggle = (set: ReadonlySet<string>, id: string) => {
    const next = new Set(set);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  const toggleSelected = (row: PlanningRow) =>
    setSelected((current) => {
      const next = new Map(current);
      if (!next.delete(row.id)) next.set(row.id, row);
      return next;
    });
  const onSort = (key: SortKey) => {
    setCodeSort((s) => nextSort(s, key, 'label'));
    setCodePage(1);
    setExpanded(new Set());
  };
  const exportCsv = () => {
    if (view === 'agencyCodes') {
      // The whole selection, in the table's order, written by the server.
      const params = agencyCodeSearchParams(request, codeOptions);
      params.set('displayText', timeframe.displayText);
      window.location.assign(`/api/core-production/by-agencyCode/export?${params.toString()}`);
      return;
    }
    saveFile(
      new Blob([planningCsv(rows)], { type: 'text/csv;charset=utf-8' }),
      `Planning_${view}_${timeframe.displayText.replace(/\s+/g, '_')}.csv`,
    );
  };
  const headerCells: { key: SortKey; label: string }[] = [
    { key: 'writtenPremium', label: 'Current' },
    { key: 'priorWrittenPremium', label: 'Prior' },
    { key: 'writtenPremiumChange', label: 'Change' },
    { key: 'newBusiness', label: 'Current' },
    { key: 'priorNewBusiness', label: 'Prior' },
    { key: 'newBusinessChange', label: 'Change' },
    { key: 'lossRatio', label: 'Current' },
    { key: 'priorLossRatio', label: 'Prior' },
  ];
  const groupOf = (i: number) => ['Written Premium', 'New Business', 'Loss Ratio'][i < 3 ? 0 : i < 6 ? 1 : 2];

  return (
    <Stack gap="md" maw={1600}>
      <Title order={1}>Planning Tool</Title>
      <Paper withBorder p="md">
        <TimeframeSelector timeframe={timeframe} today={today} onChange={onTimeframe} />
      </Paper>
      <Cards rows={cardRows(summary.data)} />
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group gap="md" wrap="wrap" justify="space-between">
            <Group gap="md">
              <SegmentedControl
                aria-label="Show production by"
                data={VIEWS}
                value={view}
                onChange={(v) => {
                  reset();
                  setView(v);
                }}
              />
              <SegmentedControl
                aria-label="Policy type"
                data={POLICY_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t]! }))}
                value={type}
                onChange={(v) => {
                  reset();
                  setType(v);
                }}
              />
            </Group>
            <Button variant="default" disabled={loading} onClick={exportCsv}>
              Export CSV
            </Button>
          </Group>
          {view === 'agencyCodes' && (
            <TextInput
              label="Search agency codes"
              placeholder="Code, name, agency or carrier"
              value={codeSearch}
              onChange={(e) => {
                setCodeSearch(e.currentTarget.value);
                setCodePage(1);
                setExpanded(new Set());
              }}
              maw={360}
            />
          )}
          <Paper withBorder p="sm" aria-label="Selection Summary" role="region">
            <Text fw={600} mb={4}>
              Selection Summary
            </Text>
            <Group gap="lg" data-testid="selection-summary">
              {(
                [
                  ['Total WP', sel.totalWp],
                  ['Prior WP', sel.priorWp],
                  ['NB', sel.nb],
                  ['Prior NB', sel.priorNb],
                  ['EP', sel.ep],
                  ['IL', sel.il],
                ] as const
              ).map(([label, value]) => (
                <Text key={label} size="sm">
                  {label}: {formatMoney(value)}
                </Text>
              ))}
            </Group>
          </Paper>
          <Table.ScrollContainer minWidth={900}>
            <Table aria-label="Planning" aria-busy={loading}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th rowSpan={2}>
                    <VisuallyHidden>Select</VisuallyHidden>
                  </Table.Th>
                  {view === 'agencyCodes' ? (
                    <SortHeader
                      sortKey="label"
                      label="Name"
                      sort={codeSort}
                      onSort={onSort}
                      align="left"
                      rowSpan={2}
                    />
                  ) : (
                    <Table.Th rowSpan={2}>Name</Table.Th>
                  )}
                  {view === 'carriers' && <Table.Th rowSpan={2}>Last Reported</Table.Th>}
                  <Table.Th colSpan={3} ta="center">
                    Written Premium
                  </Table.Th>
                  <Table.Th colSpan={3} ta="center">
                    New Business
                  </Table.Th>
                  <Table.Th colSpan={2} ta="center">
                    Loss Ratio
                  </Table.Th>
                </Table.Tr>
                <Table.Tr>
                  {headerCells.map((h, i) =>
                    view === 'agencyCodes' ? (
                      <SortHeader
                        key={i}
                        sortKey={h.key}
                        label={h.label}
                        ariaLabel={`${groupOf(i)} ${h.label}`}
                        sort={codeSort}
                        onSort={onSort}
                        align="right"
                      />
                    ) : (
                      <Table.Th key={i} ta="right">
                        {h.label}
                      </Table.Th>
                    ),
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!loading && noRows && (
                  <TableStatusRow status="empty" colSpan={view === 'carriers' ? 11 : 10} />
                )}
                {shown.map((row) => {
                  const open = expanded.has(row.id);
                  return (
                    <Fragment key={row.id}>
                      <Table.Tr>
                        <Table.Td>
                          <Checkbox
                            aria-label={`Select ${row.label}`}
                            checked={selected.has(row.id)}
                            onChange={() => toggleSelected(row)}
                          />
                        </Table.Td>
                        <Table.Th scope="row" fw={500}>
                          <UnstyledButton
                            onClick={() => setExpanded((s) => toggle(s, row.id))}
                            aria-expanded={open}
                            aria-label={`${row.label}: ${open ? 'hide' : 'show'} details`}
                          >
                            <Group gap={4} wrap="nowrap">
                              <Icon name={open ? 'chevron-down' : 'chevron-right'} size={16} />
                              <span>{row.label}</span>
                            </Group>
                          </UnstyledButton>
                        </Table.Th>
                        {row.carrier && (
                          <Table.Td>
                            <DateBadge
                              carrierName={row.label}
                              lastReported={row.carrier.latestYearMonth}
                              tone={reportingDateTone(row.carrier.latestYearMonth, period)}
                              latest={expectedLatest(row.parent.carrierUuid)}
                              months={{ reported: row.carrier.reported, required: row.carrier.required }}
                            />
                          </Table.Td>
                        )}
                        <FigureCells m={row.measures} incomplete={row.incomplete} />
                      </Table.Tr>
                      {open && (
                        <DetailRows
                          row={row}
                          type={type}
                          request={request}
                          catalog={catalog}
                          nameSpan={view === 'carriers' ? 2 : 1}
                        />
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
              {!noRows && (
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Td />
                    <Table.Th scope="row">Totals:</Table.Th>
                    {view === 'carriers' && <Table.Td />}
                    <FigureCells m={totals} incomplete={false} />
                  </Table.Tr>
                </Table.Tfoot>
              )}
            </Table>
          </Table.ScrollContainer>
          {pager}
        </Stack>
      </Paper>
    </Stack>
  );
}
