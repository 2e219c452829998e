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
 * network are bounded (the least recently used go first), and so is the memory of the answers made
 * of parts per agency across every network (`setKeptAnswersBudget`); no answer is ever read across
 * networks.
 */

/**
 * A kept answer; `byAgency` ones are brought up to date rather than dropped (`cachedByAgency`), and
 * `answer` is theirs once computed.
 */
type Entry = {
  version: bigint;
  expires: number;
  value: Promise<unknown>;
  byAgency?: true;
  answer?: ByAgency;
};
type Networks = Map<string, Map<string, Entry>>;

const MAX_ENTRIES_PER_NETWORK = 200;
/**
 * Answers made of parts per agency name every agency of the network (a few MB each at 2,000
 * agencies) and are kept across writes: fewer of them are kept per network.
 */
export const MAX_BY_AGENCY_PER_NETWORK = 50;
let byDatabase = new WeakMap<object, Networks>();

/** The default memory budget of the answers made of parts per agency in one process (decision 094). */
export const DEFAULT_KEPT_ANSWERS_BYTES = 2048 * 2 ** 20;
let keptAnswersBudget = DEFAULT_KEPT_ANSWERS_BYTES;
/**
 * The answers made of parts per agency of every network and database handle of this process, the
 * least recently used first, with where each is kept.
 */
const byAgencyEntries = new Map<Entry, { entries: Map<string, Entry>; key: string }>();

/**
 * Bounds the memory of the answers made of parts per agency kept in this process (`ByAgency.bytes`,
 * summed): past it, the least recently used are dropped, whichever network they answer, and computed
 * again when next asked. One answer alone larger than the budget is kept until the next one comes.
 */
export function setKeptAnswersBudget(bytes: number): void {
  keptAnswersBudget = bytes;
}

/** The statement reading the network's data version and reset version (no row: 0 and 0). */
export const selectDataVersion = (networkUuid: string) => sql`
  select version::text as version, reset_version::text as reset_version
  from network_data_versions where network_uuid = ${networkUuid}::uuid`;

/**
 * The statement moving the network's data version: for one agency's write, the version moves and the
 * agency is marked with it (`agency_data_versions`); for the whole network (a rebuild), the reset
 * version moves with it, so every answer kept from before is computed again whole.
 */
export const moveDataVersion = (networkUuid: string, agencyUuid: string | null) =>
  agencyUuid === null
    ? sql`
  insert into network_data_versions as v (network_uuid, version, reset_version)
  values (${networkUuid}::uuid, 1, 1)
  on conflict (network_uuid) do update set version = v.version + 1, reset_version = v.version + 1`
    : sql`
  with moved as (
    insert into network_data_versions as v (network_uuid, version) values (${networkUuid}::uuid, 1)
    on conflict (network_uuid) do update set version = v.version + 1
    returning version
  )
  insert into agency_data_versions as a (network_uuid, agency_uuid, version)
  select ${networkUuid}::uuid, ${agencyUuid}::uuid, version from moved
  on conflict (network_uuid, agency_uuid) do update set version = excluded.version`;

/** The statement listing the network's agencies written after version `since`. */
export const selectAgenciesWrittenSince = (networkUuid: string, since: bigint) => sql`
  select agency_uuid from agency_data_versions
  where network_uuid = ${networkUuid}::uuid and version > ${String(since)}::bigint`;

type Versions = { version: bigint; resetVersion: bigint };

/** The network's data version (0 before its first write) and its last reset. */
export async function readDataVersion(db: Executor, networkUuid: string): Promise<Versions> {
  const found = await db.execute<{ version: string; reset_version: string }>(selectDataVersion(networkUuid));
  const row = found.rows[0];
  return { version: BigInt(row?.version ?? '0'), resetVersion: BigInt(row?.reset_version ?? '0') };
}

/**
 * Moves the network's data version, inside the writer's transaction (it commits or rolls back with
 * the write): `agencyUuid` names the one agency whose facts changed, null every agency of the network.
 * Writers of one network take turns on its row until they commit.
 */
export async function bumpDataVersion(
  tx: Executor,
  networkUuid: string,
  agencyUuid: string | null,
): Promise<void> {
  await tx.execute(moveDataVersion(networkUuid, agencyUuid));
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
  const { version } = await readDataVersion(db, networkUuid);
  const entries = entriesOf(db, networkUuid);
  const key = `${kind}|${requestKey(request)}`;
  const hit = entries.get(key);
  if (hit && hit.version >= version && hit.expires > now()) return used(entries, key, hit);
  drop(entries, key);
  // Entries of an older version are served no more (the version only rises): freed at once, but for
  // those brought up to date agency by agency.
  for (const [k, e] of entries) {
    if (!e.byAgency && (e.version < version || e.expires <= now())) entries.delete(k);
  }
  return keep(entries, key, { version, expires: now() + ttlMs, value: load() });
}

function entriesOf(db: Executor, networkUuid: string): Map<string, Entry> {
  const networks = byDatabase.get(db) ?? new Map<string, Map<string, Entry>>();
  byDatabase.set(db, networks);
  const entries = networks.get(networkUuid) ?? new Map<string, Entry>();
  networks.set(networkUuid, entries);
  return entries;
}

/** Serves a kept entry, now the most recently used. */
function used<T>(entries: Map<string, Entry>, key: string, entry: Entry): Promise<T> {
  entries.delete(key);
  entries.set(key, entry);
  if (entry.byAgency) {
    byAgencyEntries.delete(entry);
    byAgencyEntries.set(entry, { entries, key });
  }
  return entry.value as Promise<T>;
}

/** Forgets the entry kept under `key`. */
function drop(entries: Map<string, Entry>, key: string): void {
  const entry = entries.get(key);
  if (entry) byAgencyEntries.delete(entry);
  entries.delete(key);
}

/** Keeps `entry` under `key` (the least recently used go first), until its computation fails. */
function keep<T>(entries: Map<string, Entry>, key: string, entry: Entry): Promise<T> {
  while (entries.size >= MAX_ENTRIES_PER_NETWORK) drop(entries, entries.keys().next().value!);
  if (entry.byAgency) {
    const byAgency = [...entries].filter(([, e]) => e.byAgency).map(([k]) => k);
    const over = byAgency.length - MAX_BY_AGENCY_PER_NETWORK + 1;
    for (const old of byAgency.slice(0, Math.max(0, over))) drop(entries, old);
    byAgencyEntries.set(entry, { entries, key });
  }
  entries.set(key, entry);
  entry.value.then(
    (answer) => {
      if (!entry.byAgency || !byAgencyEntries.has(entry)) return;
      entry.answer = answer as ByAgency;
      withinBudget(entry);
    },
    () => {
      if (entries.get(key) === entry) drop(entries, key);
    },
  );
  return entry.value as Promise<T>;
}

/** The memory the answers made of parts per agency kept in this process hold, in bytes (`ByAgency.bytes`). */
export function keptAnswersBytes(): number {
  let total = 0;
  for (const entry of byAgencyEntries.keys()) total += entry.answer?.bytes() ?? 0;
  return total;
}

/**
 * Drops the least recently used answers made of parts per agency until those computed fit the budget,
 * `kept` (just computed) last of all. Sizes are read now: kept answers change as writes come.
 */
function withinBudget(kept: Entry): void {
  let total = keptAnswersBytes();
  for (const [entry, { entries, key }] of byAgencyEntries) {
    if (total <= keptAnswersBudget) return;
    if (entry === kept || !entry.answer) continue;
    total -= entry.answer.bytes();
    byAgencyEntries.delete(entry);
    if (entries.get(key) === entry) entries.delete(key);
  }
}

/** A network-wide answer made of parts per agency, which a write of one agency changes alone. */
export interface ByAgency {
  /** How many agencies the answer has parts for. */
  size(): number;
  /** About how much memory the answer holds, in bytes: its rows times what a row was measured to take. */
  bytes(): number;
  /** Replaces the parts of these agencies (none for an agency without figures) with `fresh`'s. */
  replace(agencyUuids: readonly string[], fresh: this): void;
}

/**
 * The answer of `kind` for `request` in the network, made of parts per agency (decision 078):
 * `load(null)` computes every agency's, `load(agencies)` only theirs. A kept answer of an older
 * version is brought up to date by loading only the agencies written since (`agency_data_versions`)
 * and replacing their parts, unless the whole network changed since (a rebuild, an agency deleted or
 * moved: the reset version) or more than a tenth of its agencies did, when it is loaded whole again.
 *
 * Kept answers are updated in place: a request still reading one may see a later write's parts, never
 * an earlier one's.
 */
export async function cachedByAgency<T extends ByAgency>(
  db: Executor,
  networkUuid: string,
  kind: string,
  request: unknown,
  load: (agencyUuids: readonly string[] | null) => Promise<T>,
): Promise<T> {
  const { version, resetVersion } = await readDataVersion(db, networkUuid);
  const entries = entriesOf(db, networkUuid);
  const key = `${kind}|${requestKey(request)}`;
  const hit = entries.get(key);
  if (hit && hit.version >= version) return used(entries, key, hit);
  drop(entries, key);
  const update = async (kept: Promise<unknown>, since: bigint): Promise<T> => {
    const [answer, written] = await Promise.all([
      kept as Promise<T>,
      db.execute<{ agency_uuid: string }>(selectAgenciesWrittenSince(networkUuid, since)),
    ]);
    const agencies = written.rows.map((r) => r.agency_uuid);
    if (agencies.length > Math.max(10, answer.size() / 10)) return load(null);
    if (agencies.length > 0) answer.replace(agencies, (await load(agencies)) as Awaited<T>);
    return answer;
  };
  const value = hit && hit.version >= resetVersion ? update(hit.value, hit.version) : load(null);
  return keep(entries, key, { version, expires: Infinity, value, byAgency: true });
}

/** Drops every kept answer of this process (tests and benches that write facts around the writers). */
export function clearAnswerCache(): void {
  byDatabase = new WeakMap();
  byAgencyEntries.clear();
}
