import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/**
 * A console.error during a test fails it (Epic Stack's habit), unless the test announced it with
 * `allowConsoleError()`.
 */
let allowed = false;
let spy: MockInstance<typeof console.error>;

export function allowConsoleError(): void {
  allowed = true;
}

beforeEach(() => {
  allowed = false;
  spy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockRestore();
  if (calls.length > 0 && !allowed) {
    throw new Error(
      `console.error was called during the test:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});
