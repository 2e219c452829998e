import { queryOptions } from '@tanstack/react-query';
import {
  activePlanResponseSchema,
  activePlanYearsResponseSchema,
  fullPlanResponseSchema,
  planCarriersResponseSchema,
  reportingDatesResponseSchema,
  ytdResponseSchema,
  type CreatePlanBody,
  type SavePlanBody,
} from '#shared/contracts/growth-measurement.ts';
import { apiRequest, apiSend } from '#client/lib/api-client.ts';

const level = (levelUuid: string | undefined) =>
  levelUuid ? `levelUuid=${encodeURIComponent(levelUuid)}` : '';

/** Spec part 2 §9: active plan years are cached 5 minutes (saves and creations refresh them at once). */
export const activePlanYearsQuery = (levelUuid: string | undefined) =>
  queryOptions({
    queryKey: ['growth-measurement', 'active-plan-years', levelUuid ?? ''],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/growth-measurement/active-plan-years?${level(levelUuid)}`,
        activePlanYearsResponseSchema,
        {
          signal,
        },
      ),
    staleTime: 5 * 60 * 1000,
  });

export const fullPlanQuery = (planId: string) =>
  queryOptions({
    queryKey: ['growth-measurement', 'plan', planId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/growth-measurement/plan/${encodeURIComponent(planId)}/full`, fullPlanResponseSchema, {
        signal,
      }),
  });

export const ytdQuery = (levelUuid: string | undefined, year: number, month?: number) =>
  queryOptions({
    queryKey: ['growth-measurement', 'ytd', levelUuid ?? '', year, month ?? 'last'],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/growth-measurement/ytd-agency-carrier/v2?year=${year}${month ? `&month=${month}` : ''}&${level(levelUuid)}`,
        ytdResponseSchema,
        { signal },
      ),
  });

export const reportingDatesQuery = (levelUuid: string | undefined) =>
  queryOptions({
    queryKey: ['growth-measurement', 'reporting-dates', levelUuid ?? ''],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/growth-measurement/reporting-dates?${level(levelUuid)}`,
        reportingDatesResponseSchema,
        {
          signal,
        },
      ),
  });

/** Carriers change with releases, not during a session. */
export const planCarriersQuery = queryOptions({
  queryKey: ['growth-measurement', 'carriers'],
  queryFn: ({ signal }) =>
    apiRequest('/api/growth-measurement/carriers', planCarriersResponseSchema, { signal }),
  staleTime: 10 * 60 * 1000,
});

export function createPlan(levelUuid: string | undefined, body: CreatePlanBody) {
  return apiRequest(`/api/growth-measurement/plans?${level(levelUuid)}`, activePlanResponseSchema, {
    method: 'POST',
    body,
  });
}

export function savePlan(planId: string, body: SavePlanBody) {
  return apiRequest(`/api/growth-measurement/plan/${encodeURIComponent(planId)}`, fullPlanResponseSchema, {
    method: 'PUT',
    body,
  });
}

export function deletePlan(planId: string, version: number) {
  return apiSend(`/api/growth-measurement/plan/${encodeURIComponent(planId)}?version=${version}`, {
    method: 'DELETE',
  });
}
