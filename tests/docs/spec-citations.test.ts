import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The code cites the product spec as "spec part N §M" (sometimes "part N §M, §K", "§M; part N §K"),
 * often followed by a quoted heading or sentence. The spec is committed under docs/spec; every cited
 * section must have its "## M." heading in part N, and a quoted text right after a citation must be
 * in that section (as a heading or as the words of a rule).
 */
const root = join(import.meta.dirname, '..', '..');
const partFiles: Record<string, string> = {
  '1': 'docs/spec/part-1-shell-reports-mfa.md',
  '2': 'docs/spec/part-2-entry-plans-accounts-scorecards.md',
};

function sectionsOf(file: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const chunk of readFileSync(join(root, file), 'utf8').split(/^(?=## )/m)) {
    const heading = /^## (\d+)\./.exec(chunk);
    if (heading?.[1]) sections.set(heading[1], chunk);
  }
  return sections;
}

const spec = new Map(Object.entries(partFiles).map(([part, file]) => [part, sectionsOf(file)]));

/** The files of src/ and tests/ that may cite the spec (this file's examples excluded). */
function sourceFiles(): string[] {
  return ['src', 'tests']
    .flatMap((dir) => readdirSync(join(root, dir), { withFileTypes: true, recursive: true }))
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|sql)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => file !== import.meta.filename);
}

/** Case, runs of whitespace, comment stars and Markdown emphasis do not count. */
const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s*`_]+/g, ' ')
    .trim();

interface Citation {
  file: string;
  text: string;
  part: string;
  section: string;
  quote: string | undefined;
}

function citations(): Citation[] {
  const found: Citation[] = [];
  for (const file of sourceFiles()) {
    const source = readFileSync(file, 'utf8');
    // "part 2 §3", "part 1 §2, §4, §8", "part 1 §2 and §6", "spec part 2 §5: "quoted""
    for (const match of source.matchAll(
      /part (\d+),? ((?:§\d+(?:\.\d+)*(?:,? (?:and )?(?=§))?)+)[:,]? ?(?:"([^"\n]+)")?/g,
    )) {
      const [text, part, sections, quote] = match;
      for (const section of sections!.match(/\d+(?:\.\d+)*/g) ?? []) {
        found.push({ file: file.slice(root.length + 1), text, part: part!, section, quote });
      }
    }
  }
  return found;
}

describe('spec citations in src/ and tests/', () => {
  const all = citations();

  it('finds the citations (the pattern still matches how the code cites)', () => {
    expect(all.length).toBeGreaterThan(300);
  });

  it('cites only sections that have a heading in docs/spec', () => {
    const missing = all
      .filter(({ part, section }) => !spec.get(part)?.has(section))
      .map(({ file, text }) => `${file}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('quotes only text the cited section holds', () => {
    const misquoted = all
      .filter(({ part, section, quote }) => {
        const body = spec.get(part)?.get(section);
        return quote !== undefined && body !== undefined && !normalize(body).includes(normalize(quote));
      })
      .map(({ file, text }) => `${file}: ${text}`);
    expect(misquoted).toEqual([]);
  });

  it('names the part: a bare "spec §N" could be either document', () => {
    const unnamed = sourceFiles().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bspec,? §\d+/gi)].map(
        ([text]) => `${file.slice(root.length + 1)}: ${text}`,
      ),
    );
    expect(unnamed).toEqual([]);
  });
});
