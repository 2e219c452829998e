import { useMemo, useState } from 'react';
import { Group, SegmentedControl, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import { hasCarrierProduction } from '#shared/domain/access.ts';
import type { Timeframe } from '#shared/domain/timeframe.ts';
import { AccessDeniedPage } from '#client/features/errors/access-denied-page.tsx';
import { PerformanceChartsPage } from '#client/features/performance-charts/performance-charts-page.tsx';
import { CompositeFilter } from '#client/components/report/composite-filter.tsx';
import { standardTypesQuery } from '#client/components/report/standard-types-query.ts';
import { byAgencyQuery, byCarrierQuery } from '#client/features/production/production-api.ts';
import {
  lineCatalog,
  LINE_OPTIONS,
  productionSearchParams,
  type ProductionRequest,
} from '#client/features/production/production-model.ts';
import {
  changeComposite,
  changeLine,
  changeTimeframe,
  readProductionState,
} from '#client/features/production/production-params.ts';
import { TimeframeSelector } from '#client/components/report/timeframe-selector.tsx';
import { PageLoader } from '#client/components/page-loader.tsx';
import { useAccess } from './access.ts';
import { levelsQuery, useLevel } from './level.ts';

/**
 * /dataviz for users with the cpr permission (spec part 1 §2 "dataviz: loaded only for users with
 * carrier-production access", §6), else the access-denied screen. The check lives in this lazy module,
 * so the shell's first load carries only the route.
 */
export function PerformanceChartsRoute() {
  const { features, featuresStatus } = useAccess();
  if (featuresStatus === 'pending') return <PageLoader />;
  return hasCarrierProduction(features) ? <PerformanceCharts /> : <AccessDeniedPage />;
}

/**
 * Performance Charts composed with Carrier Production's filters (features do not import
 * each other): the timeframe selector, the line and the carrier composite, kept in the URL with the
 * same parameters and rules as Carrier Production (a new timeframe resets the line and the carriers).
 */
function PerformanceCharts() {
  const [today] = useState(() => calendarDateIn(BUSINESS_TIME_ZONE));
  const [params, setParams] = useSearchParams();
  const { timeframe, line, composite } = useMemo(() => readProductionState(params, today), [params, today]);
  const levelUuid = useLevel();
  const levels = useQuery({ ...levelsQuery, enabled: false });
  const isNetwork = !!levelUuid && !!levels.data?.networks.some((network) => network.uuid === levelUuid);
  const tree = useQuery(standardTypesQuery);
  const lineNames = useMemo(() => lineCatalog(tree.data?.tree).names, [tree.data]);

  const request: ProductionRequest = {
    levelUuid: levelUuid ?? '',
    timeframe,
    line,
    standardTypes: [],
    composite,
  };
  const update = (change: (p: URLSearchParams) => URLSearchParams) => setParams(change);
  const lineLabel = LINE_OPTIONS.find((o) => o.value === line)!.label;

  return (
    <PerformanceChartsPage
      filters={
        <Stack gap="md">
          <TimeframeSelector
            timeframe={timeframe}
            today={today}
            onChange={(next: Timeframe) => {
              if (next.code !== timeframe.code) update(changeTimeframe(next));
            }}
          />
          <Group gap="md" wrap="wrap" align="flex-end">
            <SegmentedControl
              aria-label="Line of business"
              data={LINE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
              value={line}
              onChange={(value) => update(changeLine(value))}
            />
            <CompositeFilter
              view="carriers"
              composite={composite}
              disabled={false}
              onApply={(next) => update(changeComposite(next))}
            />
          </Group>
        </Stack>
      }
      search={levelUuid ? productionSearchParams(request).toString() : null}
      byCarrier={byCarrierQuery(request)}
      byAgency={byAgencyQuery(request)}
      ranksAgencies={isNetwork}
      lineNames={lineNames}
      period={timeframe.displayText}
      subtitle={`${lineLabel}, ${timeframe.displayText}, each month against the same month a year earlier.`}
    />
  );
}
