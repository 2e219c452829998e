import { desc, eq } from 'drizzle-orm';
import {
  CARRIER_REQUEST_LIST_LIMIT,
  carrierRequestStatusSchema,
  carrierTypeLabels,
  type CarrierRequestInput,
  type CarrierRequestList,
  type CarrierRequestResponse,
} from '#shared/contracts/carrier-request.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { carrierRequests } from '#server/db/schema/manual-entries.ts';
import { agencies } from '#server/db/schema/tenancy.ts';
import type { Actor } from '#server/policies/actor.ts';
import { forwardToSupport, type SupportForwarding } from '#server/services/support/forward-to-support.ts';

/**
 * A new carrier request (spec part 2 §3, §7): stored first, with the signed-in user's name and
 * e-mail (read-only on the form), then forwarded to the ticket system or e-mailed to support. The
 * stored row stays whatever happens next; `error: true` tells the form the request did not go
 * through (spec part 2 §8 "Oops!  Something went wrong.").
 */
export async function submitCarrierRequest(
  db: Db,
  actor: Actor,
  input: CarrierRequestInput,
  forwarding: SupportForwarding,
): Promise<CarrierRequestResponse> {
  const { log } = forwarding;
  let stored: StoredRequest;
  try {
    stored = await storeRequest(db, actor, input);
  } catch (error) {
    log.error({ err: error }, 'new carrier request could not be stored');
    return { error: true, requestUuid: null };
  }
  try {
    const forwardedTo = await forward(stored, forwarding);
    await db
      .update(carrierRequests)
      .set({ status: 'forwarded', forwardedTo })
      .where(eq(carrierRequests.uuid, stored.uuid));
    return { error: false, requestUuid: stored.uuid };
  } catch (error) {
    log.warn({ err: error, carrierRequest: stored.uuid }, 'new carrier request could not be forwarded');
    await db.update(carrierRequests).set({ status: 'failed' }).where(eq(carrierRequests.uuid, stored.uuid));
    return { error: true, requestUuid: stored.uuid };
  }
}

type StoredRequest = CarrierRequestInput & {
  uuid: string;
  name: string;
  email: string;
  agencyName: string | null;
};

async function storeRequest(db: Db, actor: Actor, input: CarrierRequestInput): Promise<StoredRequest> {
  const [user] = await db
    .select({ name: users.name, email: users.email, agencyName: agencies.name })
    .from(users)
    .leftJoin(agencies, eq(agencies.uuid, users.agencyUuid))
    .where(eq(users.id, actor.userId));
  const name = user?.name ?? '';
  const email = user?.email ?? actor.email;
  const [row] = await db
    .insert(carrierRequests)
    .values({ agencyUuid: actor.agencyUuid, userId: actor.userId, name, email, ...input })
    .returning({ uuid: carrierRequests.uuid });
  return { ...input, uuid: row!.uuid, name, email, agencyName: user?.agencyName ?? null };
}

/** Sends the request on and answers where it went: the issue key or the support address. */
function forward(request: StoredRequest, forwarding: SupportForwarding): Promise<string> {
  const summary = `New carrier request: ${request.carrierName}`;
  const description = [
    `Carrier name: ${request.carrierName}`,
    `Carrier type: ${carrierTypeLabels[request.carrierType]}`,
    `Carrier website: ${request.carrierWebsite}`,
    `Requested by: ${request.name} <${request.email}>`,
    `Agency: ${request.agencyName ?? '—'}`,
    `Additional information: ${request.additionalInfo || '—'}`,
    `Request: ${request.uuid}`,
  ].join('\n');
  return forwardToSupport(forwarding, { summary, description });
}

/** The latest new carrier requests, newest first, for internal staff (GET /api/carrier-requests). */
export async function listCarrierRequests(db: Db): Promise<CarrierRequestList['requests']> {
  const rows = await db
    .select({ request: carrierRequests, agencyName: agencies.name })
    .from(carrierRequests)
    .leftJoin(agencies, eq(agencies.uuid, carrierRequests.agencyUuid))
    .orderBy(desc(carrierRequests.createdAt), desc(carrierRequests.uuid))
    .limit(CARRIER_REQUEST_LIST_LIMIT);
  return rows.map(({ request, agencyName }) => ({
    uuid: request.uuid,
    name: request.name,
    email: request.email,
    agencyName,
    carrierName: request.carrierName,
    carrierType: request.carrierType,
    carrierWebsite: request.carrierWebsite,
    additionalInfo: request.additionalInfo,
    status: carrierRequestStatusSchema.catch('received').parse(request.status),
    forwardedTo: request.forwardedTo,
    createdAt: request.createdAt.toISOString(),
  }));
}
