import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-graph.ts';

describe('the client import graph', () => {
  it('reads static imports, re-exports and import(), and finds a cycle through them', () => {
    const graph = new Map([
      ['eager.tsx', ['shared.tsx', 'part.tsx']],
      ['part.tsx', ['shared.tsx', 'eager.tsx']],
      ['shared.tsx', []],
    ]);
    expect(importCycles(graph)).toEqual([['eager.tsx', 'part.tsx']]);
    graph.set('part.tsx', ['shared.tsx']);
    expect(importCycles(graph)).toEqual([]);
    const client = importGraph('src/client');
    expect(client.get('src/client/main.tsx')).toContain('src/client/app/router.tsx');
  });

  it('has no cycle: a deferred part and its eager parent share a third module instead', () => {
    expect(importCycles(importGraph('src/client'))).toEqual([]);
  });
});
