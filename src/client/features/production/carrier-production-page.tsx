import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Badge, Group, Paper, SegmentedControl, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import type { Timeframe } from '#shared/domain/timeframe.ts';
import { withoutIncomplete } from '#shared/domain/incomplete-data.ts';
import { useLevel } from '#client/app/level.ts';
import { useCurrentUser } from '#client/app/current-user.ts';
import { Hint } from '#client/components/hint.tsx';
import { ReportLinkSlot } from '#client/components/report-link-slot.tsx';
import { useAccess } from '#client/app/access.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { showServerError } from '#client/lib/session-alerts.ts';
import { CompositeFilter } from '#client/components/report/composite-filter.tsx';
import { StandardTypesPicker } from '#client/components/report/standard-types-picker.tsx';
import { ExportButton } from './export-button.tsx';
import { standardTypesQuery } from '#client/components/report/standard-types-query.ts';
import { byAgencyQuery, byCarrierQuery } from './production-api.ts';
import { ProductionChart } from './production-chart.tsx';
import {
  agencyRows,
  carrierRows,
  chartBars,
  lineCatalog,
  LINE_OPTIONS,
  searchRows,
  standardTypeOptions,
  TOTAL_LINE,
  type ProductionRequest,
  type ProductionView,
} from './production-model.ts';
import {
  applyStandardTypes,
  changeComposite,
  changeHideIncomplete,
  changeLine,
  changeSearch,
  changeTimeframe,
  changeView,
  readProductionState,
} from './production-params.ts';
import { ProductionTable } from './production-table.tsx';
import { TimeframeSelector } from '#client/components/report/timeframe-selector.tsx';
import { AgencyWarningsPanel } from './agency-warnings-panel.tsx';

export const MANUAL_ENTRIES_NOTE = '* Manual entries will not be shown in results below';
export const HIDE_INCOMPLETE_TOOLTIP = 'Hides missing Carrier data from the selected timeframe.';
export const INCOMPLETE_BADGE = 'Incomplete Carrier Data';
export const INCOMPLETE_BADGE_TOOLTIP =
  'Incomplete carrier data in your selected period will lead to unexpected prior values and % change ratios.';

const VIEW_OPTIONS: { value: ProductionView; label: string }[] = [
  { value: 'carriers', label: 'Carriers' },
  { value: 'agencies', label: 'Agency' },
];

/** Spec part 1 §8: the message of a failed load, with Continue and no logout. */
const LOAD_ERROR: Record<ProductionView, string> = {
  carriers: 'Error loading by-carrier',
  agencies: 'Error loading by-agency',
};

/**
 * /production: the Carrier Production report (spec part 1 §2, §4). Its state lives in the URL, so a
 * link reproduces the view.
 */
export function CarrierProductionPage() {
  const [today] = useState(() => calendarDateIn(BUSINESS_TIME_ZONE));
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readProductionState(params, today), [params, today]);
  const { timeframe, view, line, standardTypes, composite, hideIncomplete } = state;
  const levelUuid = useLevel();
  const user = useCurrentUser();
  const { flags } = useAccess();

  // The box answers at once; the URL and the filtering follow.
  const [search, setSearch] = useState(state.search);
  const deferredSearch = useDeferredValue(search);

  const request: ProductionRequest | null = useMemo(
    () => (levelUuid ? { levelUuid, timeframe, line, standardTypes, composite } : null),
    [levelUuid, timeframe, line, standardTypes, composite],
  );
  const placeholder: ProductionRequest = {
    levelUuid: '',
    timeframe,
    line,
    standardTypes,
    composite,
  };
  const carriers = useQuery({
    ...byCarrierQuery(request ?? placeholder),
    enabled: request !== null && view === 'carriers',
  });
  const agencies = useQuery({
    ...byAgencyQuery(request ?? placeholder),
    enabled: request !== null && view === 'agencies',
  });
  const tree = useQuery(standardTypesQuery);

  const active = view === 'carriers' ? carriers : agencies;
  const loading = request === null || active.isPending || active.isFetching;

  useEffect(() => {
    if (!active.error) return;
    // A 401 is the session's business (the session-expired modal).
    if (active.error instanceof ApiError && active.error.status === 401) return;
    showServerError({ message: LOAD_ERROR[view], hasContinue: true, hasLogout: false });
  }, [active.error, active.errorUpdatedAt, view]);

  const catalog = useMemo(() => lineCatalog(tree.data?.tree), [tree.data]);
  const rows = useMemo(() => {
    if (view === 'carriers') return carriers.data ? carrierRows(carriers.data, catalog) : [];
    return agencies.data ? agencyRows(agencies.data, catalog) : [];
  }, [view, carriers.data, agencies.data, catalog]);
  const hasIncomplete = useMemo(() => rows.some((row) => row.incomplete), [rows]);
  const kept = useMemo(() => withoutIncomplete(rows, hideIncomplete, view), [rows, hideIncomplete, view]);
  const found = useMemo(() => searchRows(kept, deferredSearch), [kept, deferredSearch]);
  const bars = useMemo(() => chartBars(kept), [kept]);
  const typeOptions = useMemo(() => standardTypeOptions(tree.data?.tree, line), [tree.data, line]);

  const update = (change: (p: URLSearchParams) => URLSearchParams, replace = false) =>
    setParams(change, { replace });

  const onTimeframe = (next: Timeframe) => {
    if (next.code !== timeframe.code) update(changeTimeframe(next));
  };

  const status = request === null ? 'loading' : active.data ? 'ready' : active.isError ? 'error' : 'loading';
  const lineName = LINE_OPTIONS.find((o) => o.value === line)!.label;
  // Opened rows belong to one answer: a new view, line, type set, period, filter or level clears them.
  const selectionKey = [view, line, standardTypes.join(','), timeframe.code, composite, levelUuid].join('|');

  return (
    <Stack gap="md" maw={1600}>
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Title order={1}>Carrier Production</Title>
        <ReportLinkSlot
          reportKey="agency-production"
          levelUuid={levelUuid}
          sigmaEnabled={flags.sigma === true}
        />
      </Group>

      <Paper withBorder p="md">
        <TimeframeSelector timeframe={timeframe} today={today} onChange={onTimeframe} />
      </Paper>

      {user.userType === 'agency' && levelUuid && (
        <AgencyWarningsPanel
          levelUuid={levelUuid}
          timeframe={timeframe}
          onFollow={(warning) => setSearch(warning.carrierUuid ? warning.name : '')}
        />
      )}

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="md" wrap="wrap">
          <Hint label={HIDE_INCOMPLETE_TOOLTIP}>
            <div>
              <Switch
                label="Hide incomplete data"
                checked={hideIncomplete}
                onChange={(event) => update(changeHideIncomplete(event.currentTarget.checked), true)}
              />
            </div>
          </Hint>
          {hasIncomplete && !hideIncomplete && (
            <Hint label={INCOMPLETE_BADGE_TOOLTIP} width={300}>
              <Badge
                color="#9c4200"
                variant="filled"
                tabIndex={0}
                data-testid="incomplete-badge"
                style={{ cursor: 'help' }}
              >
                {INCOMPLETE_BADGE}
              </Badge>
            </Hint>
          )}
        </Group>
        <ExportButton request={request} view={view} displayText={timeframe.displayText} disabled={loading} />
      </Group>

      <ProductionChart
        bars={status === 'ready' ? bars : []}
        title={
          line === TOTAL_LINE ? 'Written premium by line' : `Written premium by standard type: ${lineName}`
        }
      />

      <Paper withBorder p="md">
        <Stack gap="md">
          <Group gap="md" wrap="wrap" align="flex-end">
            <SegmentedControl
              aria-label="Show production by"
              data={VIEW_OPTIONS}
              value={view}
              onChange={(value) => update(changeView(value))}
              disabled={loading}
            />
            <TextInput
              aria-label="Search by name"
              placeholder="Search by name"
              type="search"
              value={search}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setSearch(value);
                update(changeSearch(value), true);
              }}
              w={260}
            />
            <SegmentedControl
              aria-label="Line of business"
              data={LINE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
              value={line}
              onChange={(value) => update(changeLine(value))}
              disabled={loading}
            />
            <CompositeFilter
              view={view}
              composite={composite}
              disabled={loading}
              onApply={(next) => update(changeComposite(next))}
            />
          </Group>
          {line !== TOTAL_LINE && (
            <StandardTypesPicker
              key={`${line}|${standardTypes.join(',')}`}
              options={typeOptions}
              applied={standardTypes}
              disabled={loading}
              note={MANUAL_ENTRIES_NOTE}
              onApply={(types) => update(applyStandardTypes(types))}
            />
          )}
          <ProductionTable key={selectionKey} rows={found} view={view} status={status} busy={loading} />
        </Stack>
      </Paper>
    </Stack>
  );
}
