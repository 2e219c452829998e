import {
  reportAccessResponseSchema,
  type ReportAccessRequest,
  type ReportAccessResponse,
} from '#shared/contracts/reports.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** POST /api/reports/{key}/access-requests: the signed-in user asks support for a report. */
export function sendAccessRequest(key: string, request: ReportAccessRequest): Promise<ReportAccessResponse> {
  return apiRequest(`/api/reports/${encodeURIComponent(key)}/access-requests`, reportAccessResponseSchema, {
    method: 'POST',
    body: request,
  });
}
