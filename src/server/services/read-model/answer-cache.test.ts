import { describe, expect, it } from 'vitest';
import type { Executor } from '#server/db/client.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import {
  cachedAnswer,
  cachedByAgency,
  clearAnswerCache,
  DEFAULT_KEPT_ANSWERS_BYTES,
  MAX_BY_AGENCY_PER_NETWORK,
  requestKey,
  setKeptAnswersBudget,
  type ByAgency,
} from './answer-cache.ts';

/** A database handle whose only statement is the version read, answering `version.current`. */
function fakeDb() {
  const version = { current: 0, reads: 0 };
  const db = {
    execute: async () => {
      version.reads += 1;
      return { rows: [{ version: String(version.current) }] };
    },
  } as unknown as Executor;
  return { db, version };
}

describe('cachedAnswer', () => {
  it('shares one computation between concurrent identical requests, and serves it until the version moves', async () => {
    const { db, version } = fakeDb();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { loads };
    };
    const [a, b] = await Promise.all([
      cachedAnswer(db, 'n1', 'kind', { period: 'YTD', carriers: null }, load),
      cachedAnswer(db, 'n1', 'kind', { carriers: null, period: 'YTD' }, load),
    ]);
    expect(loads).toBe(1);
    expect(b).toBe(a);
    expect(await cachedAnswer(db, 'n1', 'kind', { period: 'YTD', carriers: null }, load)).toBe(a);
    expect(version.reads).toBe(3); // one version read per use
    // Another request, kind or network is another answer.
    await cachedAnswer(db, 'n1', 'kind', { period: '12MM', carriers: null }, load);
    await cachedAnswer(db, 'n1', 'other', { period: 'YTD', carriers: null }, load);
    await cachedAnswer(db, 'n2', 'kind', { period: 'YTD', carriers: null }, load);
    expect(loads).toBe(4);
    // A write moved the version: computed again.
    version.current = 1;
    expect(await cachedAnswer(db, 'n1', 'kind', { period: 'YTD', carriers: null }, load)).toEqual({
      loads: 5,
    });
    // A request that read an older version is served the newer answer, never an older one.
    version.current = 0;
    expect(await cachedAnswer(db, 'n1', 'kind', { period: 'YTD', carriers: null }, load)).toEqual({
      loads: 5,
    });
  });

  it('keeps no failed computation, and answers per database handle', async () => {
    const { db } = fakeDb();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      if (calls === 1) throw new Error('statement timeout');
      return calls;
    };
    await expect(cachedAnswer(db, 'n1', 'kind', {}, failing)).rejects.toThrow('statement timeout');
    expect(await cachedAnswer(db, 'n1', 'kind', {}, failing)).toBe(2);
    expect(await cachedAnswer(db, 'n1', 'kind', {}, failing)).toBe(2);
    // Another handle (another server's pool) has its own entries.
    expect(await cachedAnswer(fakeDb().db, 'n1', 'kind', {}, failing)).toBe(3);
  });

  it('expires an entry after its time to live', async () => {
    const { db } = fakeDb();
    let now = 0;
    let loads = 0;
    const load = async () => ++loads;
    const options = { ttlMs: 1000, now: () => now };
    await cachedAnswer(db, 'n1', 'kind', {}, load, options);
    now = 999;
    expect(await cachedAnswer(db, 'n1', 'kind', {}, load, options)).toBe(1);
    now = 1000;
    expect(await cachedAnswer(db, 'n1', 'kind', {}, load, options)).toBe(2);
  });

  it('makes one key of requests whose object keys come in another order', () => {
    expect(requestKey({ b: [2, 1], a: { d: 1, c: null } })).toBe(
      requestKey({ a: { c: null, d: 1 }, b: [2, 1] }),
    );
    expect(requestKey({ b: [1, 2] })).not.toBe(requestKey({ b: [2, 1] }));
  });
});

/** Sums per agency: an answer made of parts per agency. */
class Sums implements ByAgency {
  constructor(readonly byAgency: Map<string, number>) {}
  size() {
    return this.byAgency.size;
  }
  /** 100 bytes an agency. */
  bytes() {
    return this.byAgency.size * 100;
  }
  replace(agencyUuids: readonly string[], fresh: Sums) {
    for (const agency of agencyUuids) {
      const value = fresh.byAgency.get(agency);
      if (value === undefined) this.byAgency.delete(agency);
      else this.byAgency.set(agency, value);
    }
  }
}

/**
 * A database of `agencies` (their figures), a network version and reset version, and each agency's
 * version: answers the version read and the agencies written since.
 */
function versionedDb(agencies: Record<string, number>) {
  const state = { version: 0, reset: 0, written: new Map<string, number>(), figures: { ...agencies } };
  const dialect = new PgDialect();
  const db = {
    execute: async (query: SQL) => {
      const { sql, params } = dialect.sqlToQuery(query);
      if (sql.includes('from agency_data_versions')) {
        const since = Number(params[1]);
        return {
          rows: [...state.written].filter(([, v]) => v > since).map(([agency_uuid]) => ({ agency_uuid })),
        };
      }
      return { rows: [{ version: String(state.version), reset_version: String(state.reset) }] };
    },
  } as unknown as Executor;
  const write = (agency: string, value: number | null) => {
    state.version += 1;
    state.written.set(agency, state.version);
    if (value === null) delete state.figures[agency];
    else state.figures[agency] = value;
  };
  return { db, state, write };
}

describe('cachedByAgency', () => {
  it('brings a kept answer up to date from the agencies written since, and computes it whole after a reset', async () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`a${i}`, i]));
    const { db, state, write } = versionedDb(many);
    const loads: (readonly string[] | null)[] = [];
    const load = async (agencies: readonly string[] | null) => {
      loads.push(agencies);
      return new Sums(
        new Map(Object.entries(state.figures).filter(([agency]) => !agencies || agencies.includes(agency))),
      );
    };
    const read = async () =>
      [...(await cachedByAgency(db, 'n1', 'sums', { period: 'YTD' }, load)).byAgency].sort();
    const expected = () => Object.entries(state.figures).sort();

    expect(await read()).toEqual(expected());
    expect(await read()).toEqual(expected());
    expect(loads).toEqual([null]);
    // Two writes: one agency changes, one loses its figures; an answer of another kind meanwhile.
    write('a3', 300);
    write('a7', null);
    await cachedAnswer(db, 'n1', 'other', {}, async () => 1);
    expect(await read()).toEqual(expected());
    expect(loads.at(-1)).toEqual(['a3', 'a7']);
    // A new agency.
    write('a30', 3000);
    expect(await read()).toEqual(expected());
    expect(loads.at(-1)).toEqual(['a30']);
    // A reset (a rebuild, an agency deleted): computed whole.
    state.version += 1;
    state.reset = state.version;
    delete state.figures.a1;
    expect(await read()).toEqual(expected());
    expect(loads.at(-1)).toBeNull();
    // More than a tenth of the agencies written at once: computed whole.
    for (let i = 0; i < 11; i++) write(`a${i + 10}`, 1000 + i);
    expect(await read()).toEqual(expected());
    expect(loads.at(-1)).toBeNull();
    expect(loads).toHaveLength(5);
  });

  it('keeps a bounded number of them per network, the least recently used going first', async () => {
    const { db, state } = versionedDb({ a1: 1 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return new Sums(new Map(Object.entries(state.figures)));
    };
    const read = (period: number) => cachedByAgency(db, 'n1', 'sums', { period }, load);
    for (let period = 0; period < MAX_BY_AGENCY_PER_NETWORK; period++) await read(period);
    await read(0); // the first one used again: the second is now the least recently used
    expect(loads).toBe(MAX_BY_AGENCY_PER_NETWORK);
    await read(MAX_BY_AGENCY_PER_NETWORK);
    expect(loads).toBe(MAX_BY_AGENCY_PER_NETWORK + 1);
    await read(0);
    expect(loads).toBe(MAX_BY_AGENCY_PER_NETWORK + 1);
    await read(1);
    expect(loads).toBe(MAX_BY_AGENCY_PER_NETWORK + 2);
    // Another network keeps its own, beside them.
    await cachedByAgency(db, 'n2', 'sums', { period: 0 }, load);
    expect(loads).toBe(MAX_BY_AGENCY_PER_NETWORK + 3);
    await read(3);
    expect(loads).toBe(MAX_BY_AGENCY_PER_NETWORK + 3);
  });

  it('bounds the memory of them all in the process, the least recently used going first, whichever network', async () => {
    clearAnswerCache();
    setKeptAnswersBudget(1000);
    try {
      const { db, state, write } = versionedDb({ a1: 1, a2: 2, a3: 3, a4: 4, a5: 5 });
      const loads: string[] = [];
      const read = (network: string, period: number) =>
        cachedByAgency(db, network, 'sums', { period }, async (agencies) => {
          loads.push(`${network}/${period}${agencies ? ' ' + agencies.join(',') : ''}`);
          return new Sums(
            new Map(Object.entries(state.figures).filter(([a]) => !agencies || agencies.includes(a))),
          );
        });
      // 500 bytes each: two fit.
      await read('n1', 0);
      await read('n2', 0);
      await read('n1', 0);
      await read('n2', 0);
      expect(loads).toEqual(['n1/0', 'n2/0']);
      // A third: the least recently used (n1's) goes.
      await read('n1', 1);
      await read('n2', 0);
      await read('n1', 1);
      expect(loads).toEqual(['n1/0', 'n2/0', 'n1/1']);
      await read('n1', 0);
      expect(loads.at(-1)).toBe('n1/0');
      // n2's was the least recently used: it went, n1/1 stayed.
      await read('n1', 1);
      expect(loads).toHaveLength(4);
      await read('n2', 0);
      expect(loads).toHaveLength(5);
      // Kept now: n1/1, n2/0. An answer is weighed as it is now: brought up to date with five more
      // agencies, n2/0 weighs 1,000 bytes, and n1/1 goes; computed again at 1,000 bytes, n2/0 goes.
      for (let i = 6; i <= 10; i++) write(`a${i}`, i);
      await read('n2', 0);
      await read('n2', 0);
      await read('n1', 1);
      expect(loads.slice(5)).toEqual(['n2/0 a6,a7,a8,a9,a10', 'n1/1']);
      await read('n2', 0);
      expect(loads.at(-1)).toBe('n2/0');
      // One answer larger than the budget is served until another comes.
      setKeptAnswersBudget(500);
      await read('n3', 0);
      await read('n3', 0);
      expect(loads.filter((l) => l.startsWith('n3'))).toEqual(['n3/0']);
    } finally {
      setKeptAnswersBudget(DEFAULT_KEPT_ANSWERS_BYTES);
      clearAnswerCache();
    }
  });
});
