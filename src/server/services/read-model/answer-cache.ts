import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';

/**
 * The answers of network-wide computations, kept in this process (decision 075): benchmarks' per-agency
 * rows, the early warnings, a network's profit-sharing figures, the planning tool's summaries. An
 * entry is kept per database handle, network, kind of answer and request, under the network's data
 * version (`network_data_versions`, moved by every writer of the network's facts in its own
 * transaction, `refresh.ts`). Each use reads the version (one primary-key read) and serves an entry
 * only when it was computed at that version or a later one, so an answer is never older than the
 * last write committed before the request, whichever server process wrote it. Concurrent identical
 * requests share one computation; a failed one is not kept.
 *
 * An entry is computed after its version was read, so it holds at least the writes that version
 * counts (each statement of the computation sees every commit before it started). Entries of one
 * network are bounded (the least recently used go first); no answer is ever read across networks.
 */

type Entry = { version: bigint; expires: number; value: Promise<unknown> };
type Networks = Map<string, Map<string, Entry>>;

const MAX_ENTRIES_PER_NETWORK = 200;
let byDatabase = new WeakMap<object, Networks>();

/** The statement reading the network's data version (no row: 0). */
export const selectDataVersion = (networkUuid: string) => sql`
  select version::text as version from network_data_versions where network_uuid = ${networkUuid}::uuid`;

/** The statement moving the network's data version. */
export const moveDataVersion = (networkUuid: string) => sql`
  insert into network_data_versions as v (network_uuid, version) values (${networkUuid}::uuid, 1)
  on conflict (network_uuid) do update set version = v.version + 1`;

/** The network's data version (0 before its first write). */
export async function readDataVersion(db: Executor, networkUuid: string): Promise<bigint> {
  const found = await db.execute<{ version: string }>(selectDataVersion(networkUuid));
  return BigInt(found.rows[0]?.version ?? '0');
}

/**
 * Moves the network's data version, inside the writer's transaction (it commits or rolls back with
 * the write). Writers of one network take turns on its row until they commit.
 */
export async function bumpDataVersion(tx: Executor, networkUuid: string): Promise<void> {
  await tx.execute(moveDataVersion(networkUuid));
}

/** JSON with object keys sorted, so equal requests make equal keys. */
export function requestKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/**
 * The answer of `kind` for `request` in the network: the one kept for the network's current data
 * version (or a later one), else `load()`'s, kept. `ttlMs` also bounds an entry's age (the planning
 * tool's summaries); `now` is for tests. `db` is the application's database handle: entries are kept
 * per handle (another handle is another process's view).
 */
export async function cachedAnswer<T>(
  db: Executor,
  networkUuid: string,
  kind: string,
  request: unknown,
  load: () => Promise<T>,
  { ttlMs = Infinity, now = Date.now }: { ttlMs?: number; now?: () => number } = {},
): Promise<T> {
  const version = await readDataVersion(db, networkUuid);
  const networks = byDatabase.get(db) ?? new Map<string, Map<string, Entry>>();
  byDatabase.set(db, networks);
  const entries = networks.get(networkUuid) ?? new Map<string, Entry>();
  networks.set(networkUuid, entries);
  const key = `${kind}|${requestKey(request)}`;
  const hit = entries.get(key);
  if (hit && hit.version >= version && hit.expires > now()) {
    entries.delete(key); // most recently used last
    entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  entries.delete(key);
  // Entries of an older version are served no more (the version only rises): freed at once.
  for (const [k, e] of entries) if (e.version < version || e.expires <= now()) entries.delete(k);
  while (entries.size >= MAX_ENTRIES_PER_NETWORK) entries.delete(entries.keys().next().value!);
  const value = load();
  const entry: Entry = { version, expires: now() + ttlMs, value };
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/** Drops every kept answer of this process (tests and benches that write facts around the writers). */
export function clearAnswerCache(): void {
  byDatabase = new WeakMap();
}
