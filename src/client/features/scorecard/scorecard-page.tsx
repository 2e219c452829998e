import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import {
  CARRIER_SEARCH_PLACEHOLDER,
  CARRIER_TYPE_LABELS,
  offersModeSwitch,
  SCORECARD_MODE_LABELS,
  scorecardTitle,
  scorecardYears,
  currentScorecardYear,
  visibleCarriers,
} from '#shared/domain/scorecard.ts';
import { useAccess } from '#client/app/access.ts';
import { useCurrentUser } from '#client/app/current-user.ts';
import { choosesLevel, levelsQuery, useLevel } from '#client/app/level.ts';
import { ReportLinkSlot } from '#client/components/report-link-slot.tsx';
import { Select } from '#client/components/select.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { saveFile } from '#client/components/report/save-file.ts';
import { showServerError } from '#client/lib/session-alerts.ts';
import {
  downloadScorecardCsv,
  scorecardByAgencyQuery,
  scorecardByCarrierQuery,
  scorecardStatsQuery,
} from './scorecard-api.ts';
import { CompositeFilter } from '#client/components/report/composite-filter.tsx';
import { StandardTypesPicker } from '#client/components/report/standard-types-picker.tsx';
import { standardTypesQuery, typesOfLine } from '#client/components/report/standard-types-query.ts';
import { ScorecardMeters } from './scorecard-meters.tsx';
import {
  changeLine,
  changeYear,
  initialScorecardState,
  offersStandardTypes,
  POLICY_TYPE_OPTIONS,
  scorecardSearchParams,
  type ScorecardState,
} from './scorecard-model.ts';
import { ScorecardTable } from './scorecard-table.tsx';

// Network users only: Mantine's searchable Select (with Floating UI and the combobox) loads with
// their page, not with an agency user's.
const AgencySelect = lazy(() => import('./agency-select.tsx'));

const ALL_AGENCIES = 'all';

/** Print on one landscape page, without the shell around the report. */
const PRINT_STYLE = `@media print {
  @page { size: landscape; margin: 8mm; }
  nav, header, [data-print-hide] { display: none !important; }
  .app-shell-main { padding: 0 !important; }
  [data-scorecard] { zoom: 0.62; }
}`;

/**
 * /agency-production as the agency production scorecard (spec part 2 §2 "Agency production
 * scorecard", §4 Scorecard): invoice revenue by carrier for a year, in 12M Book or YTD mode for the
 * current year, with the meters, the selection summary, the filters and the carrier table.
 */
export function ScorecardPage() {
  const [today] = useState(() => calendarDateIn(BUSINESS_TIME_ZONE));
  const user = useCurrentUser();
  const levelUuid = useLevel();
  const { flags } = useAccess();
  const levels = useQuery({ ...levelsQuery, enabled: choosesLevel(user) });
  const [state, setState] = useState<ScorecardState>(() =>
    initialScorecardState(currentScorecardYear(today), today),
  );
  // The year's reset (spec part 2 §4) also clears the opened rows and the selection: a new table.
  const [yearKey, setYearKey] = useState(0);
  const deferredSearch = useDeferredValue(state.search);

  const network = levels.data?.networks.find((n) => n.uuid === levelUuid);
  const agencies = network?.agencies ?? [];
  const agencyName = (() => {
    if (user.userType === 'agency') return user.agency?.name ?? null;
    const picked = state.selectedAgencyUuid ?? (network ? null : levelUuid);
    if (!picked) return null;
    for (const n of levels.data?.networks ?? []) {
      const found = n.agencies.find((a) => a.uuid === picked);
      if (found) return found.name;
    }
    return null;
  })();

  // A new level forgets the agency picked in the old one.
  const [seenLevel, setSeenLevel] = useState(levelUuid);
  if (seenLevel !== levelUuid) {
    setSeenLevel(levelUuid);
    setState((s) => ({ ...s, selectedAgencyUuid: null }));
  }

  const ready = levelUuid !== undefined;
  const params = (carrierQuery: boolean) =>
    ready ? scorecardSearchParams(state, levelUuid, today, { carrierQuery }).toString() : '';
  const carrierSearch = params(true);
  const levelSearch = params(false);
  const carriers = useQuery({ ...scorecardByCarrierQuery(carrierSearch), enabled: ready });
  const byAgency = useQuery({ ...scorecardByAgencyQuery(levelSearch), enabled: ready });
  const stats = useQuery({ ...scorecardStatsQuery(levelSearch), enabled: ready });
  const tree = useQuery({ ...standardTypesQuery, enabled: offersStandardTypes(state.line) });

  const failed = carriers.error ?? byAgency.error ?? stats.error;
  useEffect(() => {
    if (!failed || (failed instanceof ApiError && failed.status === 401)) return;
    showServerError({ message: 'Error loading the scorecard', hasContinue: true, hasLogout: false });
  }, [failed]);

  const rows = useMemo(
    () => visibleCarriers(carriers.data?.carriers ?? [], deferredSearch, state.carrierType),
    [carriers.data, deferredSearch, state.carrierType],
  );
  const loading = !ready || carriers.isFetching;
  const status = carriers.data && !carriers.isFetching ? 'ready' : carriers.isError ? 'error' : 'loading';

  const download = useMutation({
    mutationFn: () => {
      const search = new URLSearchParams(carrierSearch);
      search.set('search', state.search);
      search.set('carrierType', state.carrierType);
      return downloadScorecardCsv(search.toString());
    },
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (error) => console.error('The scorecard download failed.', error),
  });

  const update = (change: Partial<ScorecardState>) => setState((s) => ({ ...s, ...change }));
  const tableKey = [carrierSearch, yearKey].join('|');

  return (
    <Stack gap="md" maw={1600} data-scorecard>
      <style>{PRINT_STYLE}</style>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>{scorecardTitle(state.year, agencyName)}</Title>
          <Text size="sm" data-testid="latest-data">
            Latest Data: {stats.data ? (stats.data.latestDataDate ?? 'none') : '…'}
          </Text>
        </Stack>
        <Group gap="sm" data-print-hide>
          <ReportLinkSlot
            reportKey="agency-production"
            levelUuid={levelUuid}
            sigmaEnabled={flags.sigma === true}
          />
          <Button variant="default" onClick={() => window.print()}>
            Print
          </Button>
          <Button
            variant="default"
            disabled={loading || download.isPending}
            onClick={() => download.mutate()}
          >
            {download.isPending ? 'Generating download...' : 'Download CSV'}
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md" data-print-hide>
        <Stack gap="sm">
          <Group gap="md" wrap="wrap" align="flex-end">
            <Select
              label="Year"
              data={scorecardYears(today).map((y) => ({ value: String(y), label: String(y) }))}
              value={String(state.year)}
              allowDeselect={false}
              w={110}
              onChange={(value) => {
                if (!value || Number(value) === state.year) return;
                setState((s) => changeYear(s, Number(value), today));
                setYearKey((k) => k + 1);
              }}
            />
            {offersModeSwitch(state.year, today) && (
              <SegmentedControl
                aria-label="Mode"
                data={(['trailing', 'ytd'] as const).map((m) => ({
                  value: m,
                  label: SCORECARD_MODE_LABELS[m],
                }))}
                value={state.mode}
                onChange={(value) => update({ mode: value })}
              />
            )}
            {network && (
              <Suspense fallback={<div style={{ width: 260, minHeight: 60 }} aria-busy="true" />}>
                <AgencySelect
                  label="Agency"
                  data={[
                    { value: ALL_AGENCIES, label: 'All agencies' },
                    ...agencies.map((a) => ({ value: a.uuid, label: a.name })),
                  ]}
                  value={state.selectedAgencyUuid ?? ALL_AGENCIES}
                  allowDeselect={false}
                  w={260}
                  onChange={(value) =>
                    update({ selectedAgencyUuid: value && value !== ALL_AGENCIES ? value : null })
                  }
                />
              </Suspense>
            )}
            <SegmentedControl
              aria-label="Policy type"
              data={POLICY_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
              value={state.line}
              onChange={(value) => setState((s) => changeLine(s, value))}
            />
            <SegmentedControl
              aria-label="Carrier type"
              data={(['all', 'core', 'noncore'] as const).map((t) => ({
                value: t,
                label: CARRIER_TYPE_LABELS[t],
              }))}
              value={state.carrierType}
              onChange={(value) => update({ carrierType: value })}
            />
            <TextInput
              aria-label="Search for carrier"
              placeholder={CARRIER_SEARCH_PLACEHOLDER}
              type="search"
              value={state.search}
              onChange={(event) => update({ search: event.currentTarget.value })}
              w={240}
            />
            <CompositeFilter
              composite={state.composite}
              disabled={loading}
              onApply={(composite) => update({ composite })}
            />
          </Group>
          {offersStandardTypes(state.line) && (
            <StandardTypesPicker
              key={`${state.line}|${state.standardTypes.join(',')}`}
              options={typesOfLine(tree.data?.tree, state.line)}
              applied={state.standardTypes}
              disabled={loading}
              onApply={(standardTypes) => update({ standardTypes })}
            />
          )}
        </Stack>
      </Paper>

      {byAgency.data && <ScorecardMeters split={byAgency.data.policyTypes[state.line]} />}

      <Paper withBorder p="md">
        <ScorecardTable key={tableKey} rows={rows} status={status} />
      </Paper>
    </Stack>
  );
}
