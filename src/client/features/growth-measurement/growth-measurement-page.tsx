import { Fragment, useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { createPlanBodySchema, type CreatePlanBody } from '#shared/contracts/growth-measurement.ts';
import {
  lastMonthOfYear,
  monthForYear,
  PLAN_LINE_CODES,
  PLAN_LINE_NAMES,
  PLAN_TOTAL_CODE,
  PRIOR_NOT_POSITIVE,
  reportingDateTone,
} from '#shared/domain/growth-plan.ts';
import {
  BUSINESS_TIME_ZONE,
  calendarDateIn,
  formatYearMonth,
  latestReportingMonth,
} from '#shared/domain/reporting-month.ts';
import { useLevel } from '#client/app/level.ts';
import { useExpectedLatestMonth } from '#client/components/carrier-lags.ts';
import { DateBadge } from '#client/components/date-badge.tsx';
import { formatMoney, formatPercent } from '#client/components/figures.tsx';
import { Hint } from '#client/components/hint.tsx';
import { Select } from '#client/components/select.tsx';
import { Icon } from '#client/components/icons.tsx';
import { usePaging } from '#client/components/table-pager.tsx';
import {
  activePlanYearsQuery,
  createPlan,
  fullPlanQuery,
  reportingDatesQuery,
  ytdQuery,
} from './growth-api.ts';
import { serverFieldMessage } from '#client/lib/form-contract.ts';
import { MONTH_NAMES } from '#client/lib/month-names.ts';
import { GrowthChart } from './growth-chart.tsx';
import { chartPoints, measurePlan, type LineFilter, type MeasuredFigures } from './growth-model.ts';
import { TableStatusRow } from '#client/components/report/table-status-row.tsx';

/** Spec part 2 §9: search debounce 300 ms. */
const SEARCH_DEBOUNCE_MS = 300;
const LINE_OPTIONS = [PLAN_TOTAL_CODE, ...PLAN_LINE_CODES].map((code) => ({
  value: code,
  label: PLAN_LINE_NAMES[code],
}));

const cents = (value: number) => formatMoney(value / 100);

function ChangePercent({ value }: { value: number | null }) {
  if (value !== null) return <>{formatPercent(value)}</>;
  return (
    <Hint label={PRIOR_NOT_POSITIVE}>
      <span tabIndex={0} aria-label={`N/A: ${PRIOR_NOT_POSITIVE}`}>
        N/A
      </span>
    </Hint>
  );
}

function FigureCells({ f }: { f: MeasuredFigures }) {
  return (
    <>
      <Table.Td ta="right">{cents(f.priorCents)}</Table.Td>
      <Table.Td ta="right">{cents(f.goalCents)}</Table.Td>
      <Table.Td ta="right">{cents(f.actualCents)}</Table.Td>
      <Table.Td ta="right">{f.percentOfGoal === null ? 'N/A' : formatPercent(f.percentOfGoal)}</Table.Td>
      <Table.Td ta="right">
        <ChangePercent value={f.changePercent} />
      </Table.Td>
      <Table.Td ta="right">{cents(f.newBusinessGoalCents)}</Table.Td>
      <Table.Td ta="right">{cents(f.actualNewBusinessCents)}</Table.Td>
      <Table.Td ta="right">{cents(f.newBusinessNeededCents)}</Table.Td>
    </>
  );
}

/** Whether one of the figures' calls failed (the page shows its message instead of a loader). */
function anyFailed(...queries: { isError: boolean }[]): boolean {
  return queries.some((q) => q.isError);
}

/** Creating the year's plan: empty, or from last year's plan with this year's priors. */
function CreatePlanForm({
  year,
  levelUuid,
  hasLastYear,
}: {
  year: number;
  levelUuid: string | undefined;
  hasLastYear: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(`${year} Growth Plan`);
  const [copyLastYear, setCopyLastYear] = useState(hasLastYear);
  // The contract's message for the name, before any request.
  const [nameProblem, setNameProblem] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: (body: CreatePlanBody) => createPlan(levelUuid, body),
    onSuccess: async ({ plan }) => {
      await queryClient.invalidateQueries({ queryKey: ['growth-measurement', 'active-plan-years'] });
      await navigate(`/growth-measurement/plans/${plan.planId}`);
    },
    onError: (error) => setNameProblem(serverFieldMessage(error, 'name')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, year, copyLastYear };
    const checked = createPlanBodySchema.safeParse(body);
    const problem = checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === 'name');
    setNameProblem(problem?.message);
    if (!problem) create.mutate(body);
  };
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={`Create the ${year} plan`}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Create the {year} plan
        </Title>
        <TextInput
          label="Plan name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={nameProblem}
        />
        <Checkbox
          label={`Start from the previous year's plan (${year - 1}), with ${year - 1} written premium as the prior figures`}
          checked={copyLastYear}
          disabled={!hasLastYear}
          description={hasLastYear ? undefined : `There is no ${year - 1} plan to start from.`}
          onChange={(e) => setCopyLastYear(e.currentTarget.checked)}
        />
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {create.error.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending || create.isSuccess}>
            Create plan
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /growth-measurement (spec part 2 §2 "Growth plan measurement"): the year's plan against the actual
 * year-to-date figures, per carrier and line, with the chart of cumulative actual against the goal.
 */
export function GrowthMeasurementPage() {
  const levelUuid = useLevel();
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => calendarDateIn(BUSINESS_TIME_ZONE));
  const expectedLatest = useExpectedLatestMonth(levelUuid, latestReportingMonth(today));
  const years = useQuery({ ...activePlanYearsQuery(levelUuid), enabled: !!levelUuid });
  const yearOptions = years.data?.yearOptions ?? [];
  const requestedYear = Number(params.get('year'));
  const year = yearOptions.some((o) => o.value === requestedYear)
    ? requestedYear
    : (yearOptions[0]?.value ?? today.year);
  const lastMonth = lastMonthOfYear(year, today);
  const requestedMonth = Number(params.get('month'));
  const month =
    requestedMonth >= 1 && requestedMonth <= lastMonth
      ? requestedMonth
      : Math.min(monthForYear(year, today), lastMonth);
  const [line, setLine] = useState<LineFilter>(PLAN_TOTAL_CODE);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const plan = years.data?.activePlans[String(year)] ?? null;
  const full = useQuery({ ...fullPlanQuery(plan?.planId ?? ''), enabled: !!plan });
  const ytd = useQuery({ ...ytdQuery(levelUuid, year, month), enabled: !!levelUuid && !!plan && month > 0 });
  const dates = useQuery({ ...reportingDatesQuery(levelUuid), enabled: !!levelUuid && !!plan });

  // Figures show only once both the plan and the actual year to date have answered: never $0 or
  // N/A that stand for a call still on its way.
  const actualReady = !!ytd.data || month <= 0;
  const measurement = useMemo(
    () =>
      full.data && actualReady
        ? measurePlan(full.data, ytd.data ?? null, { month, line, search: debouncedSearch })
        : null,
    [full.data, ytd.data, actualReady, month, line, debouncedSearch],
  );
  const loadingFigures = !!plan && !anyFailed(full, ytd) && (full.isPending || (ytd.isPending && month > 0));
  const { shown, pager } = usePaging(measurement?.carriers ?? []);
  const lastReported = new Map(
    (dates.data?.reportingDates ?? []).map((d) => [d.carrierUuid, d.mostRecentReportingDate]),
  );
  const period = { start: formatYearMonth(year, 1), end: formatYearMonth(year, Math.max(1, month)) };
  const allExpanded =
    !!measurement &&
    measurement.carriers.length > 0 &&
    measurement.carriers.every((c) => expanded.has(c.carrierUuid));

  const setYear = (value: number) => {
    const next = new URLSearchParams(params);
    next.set('year', String(value));
    // Spec part 2 §4 "Year selection".
    next.set('month', String(Math.min(monthForYear(value, today), lastMonthOfYear(value, today))));
    setParams(next);
  };
  const setMonth = (value: number) => {
    const next = new URLSearchParams(params);
    next.set('year', String(year));
    next.set('month', String(value));
    setParams(next);
  };
  const toggle = (carrierUuid: string) => {
    const next = new Set(expanded);
    if (next.has(carrierUuid)) next.delete(carrierUuid);
    else next.add(carrierUuid);
    setExpanded(next);
  };
  const error = years.error ?? full.error ?? ytd.error;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Growth Plan Measurement
      </Title>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Year"
          data={yearOptions.map((o) => ({ value: String(o.value), label: o.label }))}
          value={String(year)}
          onChange={(value) => value && setYear(Number(value))}
          allowDeselect={false}
          w={120}
        />
        <Select
          label="Through month"
          data={Array.from({ length: lastMonth }, (_, i) => ({
            value: String(i + 1),
            label: MONTH_NAMES[i]!,
          }))}
          value={month > 0 ? String(month) : null}
          onChange={(value) => value && setMonth(Number(value))}
          allowDeselect={false}
          disabled={lastMonth === 0}
          w={160}
        />
        <Select
          label="Line of Business"
          data={LINE_OPTIONS}
          value={line}
          onChange={(value) => {
            const option = LINE_OPTIONS.find((o) => o.value === value);
            if (option) setLine(option.value);
          }}
          allowDeselect={false}
          w={170}
        />
        <TextInput
          label="Search carriers"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={220}
        />
        <Button
          variant="default"
          onClick={() =>
            setExpanded(allExpanded ? new Set() : new Set(measurement?.carriers.map((c) => c.carrierUuid)))
          }
          disabled={!measurement || measurement.carriers.length === 0}
        >
          {allExpanded ? 'Collapse all' : 'Expand all'}
        </Button>
      </Group>

      {error && (
        <Alert color="red" variant="light" role="alert">
          {error.message}
        </Alert>
      )}
      {years.isPending && !!levelUuid && (
        <Center py="xl">
          <Loader role="status" aria-label="Loading plans" />
        </Center>
      )}
      {years.data && !plan && (
        <Stack gap="sm">
          <Text>There is no growth plan for {year}.</Text>
          {years.data.canEdit && (
            <CreatePlanForm
              key={year}
              year={year}
              levelUuid={levelUuid}
              hasLastYear={!!years.data.activePlans[String(year - 1)]}
            />
          )}
        </Stack>
      )}
      {plan && (
        <Group justify="space-between">
          <Title order={2} size="h3">
            {plan.name}
          </Title>
          <Anchor component={Link} to={`/growth-measurement/plans/${plan.planId}`}>
            {years.data?.canEdit ? 'Edit plan' : 'View plan'}
          </Anchor>
        </Group>
      )}
      {plan && lastMonth === 0 && <Text>{year} has no reported months yet.</Text>}
      {loadingFigures && (
        <Center py="xl">
          <Loader role="status" aria-label="Loading the plan and the actual figures" />
        </Center>
      )}
      {plan && measurement && (
        <>
          <Table.ScrollContainer minWidth={1100}>
            <Table
              stickyHeader
              highlightOnHover
              aria-label={`${plan.name} against actual, January to ${MONTH_NAMES[month - 1] ?? ''} ${year}`}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Carrier</Table.Th>
                  <Table.Th ta="right">Prior YTD</Table.Th>
                  <Table.Th ta="right">Goal YTD</Table.Th>
                  <Table.Th ta="right">Actual YTD</Table.Th>
                  <Table.Th ta="right">% of goal</Table.Th>
                  <Table.Th ta="right">% change</Table.Th>
                  <Table.Th ta="right">New business goal YTD</Table.Th>
                  <Table.Th ta="right">New business YTD</Table.Th>
                  <Table.Th ta="right">New business still needed</Table.Th>
                  <Table.Th>Reporting date</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr fw={700}>
                  <Table.Th scope="row">Total</Table.Th>
                  <FigureCells f={measurement.total} />
                  <Table.Td />
                </Table.Tr>
                {shown.length === 0 && (
                  <TableStatusRow status="empty" colSpan={10} loadingLabel="Loading growth measurement" />
                )}
                {shown.map((carrier) => {
                  const open = expanded.has(carrier.carrierUuid);
                  const reported = lastReported.get(carrier.carrierUuid) ?? null;
                  return (
                    <Fragment key={carrier.carrierUuid}>
                      <Table.Tr>
                        <Table.Th scope="row" fw={500}>
                          <UnstyledButton
                            onClick={() => toggle(carrier.carrierUuid)}
                            aria-expanded={open}
                            aria-label={`${carrier.carrierName}: ${open ? 'hide' : 'show'} lines of business`}
                          >
                            <Group gap={4} wrap="nowrap">
                              <Icon name={open ? 'chevron-down' : 'chevron-right'} size={16} />
                              <span>{carrier.carrierName}</span>
                            </Group>
                          </UnstyledButton>
                        </Table.Th>
                        <FigureCells f={carrier.figures} />
                        <Table.Td>
                          <DateBadge
                            carrierName={carrier.carrierName}
                            lastReported={reported}
                            tone={reportingDateTone(reported, period)}
                            latest={expectedLatest(carrier.carrierUuid)}
                          />
                        </Table.Td>
                      </Table.Tr>
                      {open &&
                        carrier.lines.map((l) => (
                          <Table.Tr key={l.lineCode} bg="gray.0">
                            <Table.Td pl={36}>{PLAN_LINE_NAMES[l.lineCode]}</Table.Td>
                            <FigureCells f={l.figures} />
                            <Table.Td />
                          </Table.Tr>
                        ))}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pager}
          {ytd.data && (
            <GrowthChart
              title={`${PLAN_LINE_NAMES[line]} written premium against goal, ${year}`}
              points={chartPoints(measurement, ytd.data.cumulative)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
