import { describe, expect, it } from 'vitest';
import type { Executor } from '#server/db/client.ts';
import { cachedAnswer, requestKey } from './answer-cache.ts';

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
