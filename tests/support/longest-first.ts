import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in, when vitest has no durations of an earlier run (a fresh clone, CI): the
 * longest first, so no long file starts last while the other worker idles (decision 073). Vitest's own
 * order then is the largest file first, which put the four fuzzing files (a four-line wrapper each
 * around `fuzz-suite.ts`, and CI's longest files) at the very end.
 *
 * Without durations a file's expected length is its kind: the fuzzing files (each a tenant world,
 * then hundreds of requests per operation), the other generated suites, the rest of the server project
 * (a database each), the client's (jsdom), the shared ones; within a kind, the larger file first, then
 * by path. With durations of an earlier run (a developer's machine), vitest's own order stands: the
 * slowest and the failed first.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (file: TestSpecification) => `${file.project.name}:${relative(root, file.moduleId)}`;
    if (files.every((file) => this.ctx.cache.getFileTestResults(key(file)))) return super.sort(files);
    const size = (file: TestSpecification) => this.ctx.cache.getFileStats(key(file))?.size ?? 0;
    return [...files].sort(
      (a, b) => kind(a, root) - kind(b, root) || size(b) - size(a) || a.moduleId.localeCompare(b.moduleId),
    );
  }
}

function kind(file: TestSpecification, root: string): number {
  const path = relative(root, file.moduleId);
  if (path.startsWith('tests/integration/generated/fuzz-')) return 0;
  if (path.startsWith('tests/integration/generated/')) return 1;
  return ['server', 'client', 'client-first-loads', 'shared'].indexOf(file.project.name) + 2;
}
