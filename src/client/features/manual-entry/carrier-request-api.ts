import {
  carrierRequestResponseSchema,
  type CarrierRequestInput,
  type CarrierRequestResponse,
} from '#shared/contracts/carrier-request.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** POST /api/carriers/jira-request: the form's fields; the requester is the signed-in user. */
export function sendCarrierRequest(request: CarrierRequestInput): Promise<CarrierRequestResponse> {
  return apiRequest('/api/carriers/jira-request', carrierRequestResponseSchema, {
    method: 'POST',
    body: request,
  });
}
