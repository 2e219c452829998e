import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { LongestFirst } from './tests/support/longest-first.ts';

/** The client projects' common settings. */
const client = {
  environment: 'jsdom' as const,
  // User-event tests type and click for a few seconds, many more on a loaded 2-core machine. A bound
  // for a hung test only: a passing test ends when it is done (decision 047).
  testTimeout: 60_000,
  setupFiles: ['tests/support/client-setup.ts', 'tests/support/fail-on-console-error.ts'],
  // A global stubbed by a test (`vi.stubGlobal`) is restored before the next test, in the shared
  // client project also across files.
  unstubGlobals: true,
};

/**
 * Client tests that need the modules as a page's first load finds them (a deferred part not loaded
 * yet, a library mocked): each runs in modules of its own.
 */
const FIRST_LOAD_TESTS = [
  'src/client/components/hint.test.tsx',
  'src/client/components/hint-press.test.tsx',
  'src/client/components/select.test.tsx',
  'src/client/app/app-layout.test.tsx',
  'src/client/features/reports/embed/live-report.test.tsx',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on a 2-core machine (CI's) the files ran one
    // at a time while a core waited. Test files are independent (each has its own database copy).
    maxWorkers: Math.min(4, Math.max(2, availableParallelism())),
    // The longest files start first, also on a fresh clone (tests/support/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'shared',
          environment: 'node',
          // tests/docs: the documentation's own checks (spec citations, decision records);
          // tests/architecture: the code's shape (no import cycles in the client).
          include: ['src/shared/**/*.test.ts', 'tests/docs/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // A worker imports the server once for all its files, not once per file (the imports were a
          // fifth of the project's time). Every file builds its own app on its own database copy, and
          // the server keeps no module state across databases beyond caches keyed by tenant.
          isolate: false,
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          ...client,
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          exclude: FIRST_LOAD_TESTS,
          // A worker imports the client, its libraries and jsdom once for all its files, not once per
          // file (setting them up was half the project's time). Every test renders its own tree with
          // its own query client; storage, session alerts and stubbed globals are reset after each.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: { ...client, name: 'client-first-loads', include: FIRST_LOAD_TESTS },
      },
    ],
  },
});
