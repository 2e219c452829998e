/**
 * A small in-memory cache of the planning tool's answers (spec part 2 §9: a network summary for 60
 * minutes, a carrier list for 10). Every entry belongs to one network (tenant): keys are kept per
 * network, so no answer is ever read across tenants, and a change of a network's facts drops that
 * network's entries (read-model/refresh.ts).
 */
export const NETWORK_SUMMARY_TTL_MS = 60 * 60 * 1000;
export const CARRIER_LIST_TTL_MS = 10 * 60 * 1000;

type Entry = { expires: number; value: Promise<unknown> };

const MAX_ENTRIES_PER_NETWORK = 200;
const byNetwork = new Map<string, Map<string, Entry>>();

/**
 * The cached answer of `key` in `networkUuid`, or `load()`'s (kept for `ttlMs`). A failed load is not
 * kept. `now` is for tests.
 */
export async function cached<T>(
  networkUuid: string,
  key: string,
  ttlMs: number,
  load: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  const entries = byNetwork.get(networkUuid) ?? new Map<string, Entry>();
  byNetwork.set(networkUuid, entries);
  const hit = entries.get(key);
  if (hit && hit.expires > now()) return hit.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES_PER_NETWORK) {
    for (const [k, e] of entries) if (e.expires <= now()) entries.delete(k);
    if (entries.size >= MAX_ENTRIES_PER_NETWORK) entries.delete(entries.keys().next().value!);
  }
  const value = load();
  entries.set(key, { expires: now() + ttlMs, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** Drops every cached answer of a network (its facts changed). */
export function invalidateNetwork(networkUuid: string): void {
  byNetwork.delete(networkUuid);
}

/** Drops every cached answer (a database reset in tests). */
export function clearPlanningCache(): void {
  byNetwork.clear();
}
