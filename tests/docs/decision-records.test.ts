import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The decision records (docs/decisions/NNN-title.md): each opens with its title, a Date and a Status;
 * an amendment or supersession is written on both records (the newer "amends 009", the older "amended
 * by 034"); the index (docs/decisions/README.md) lists every record.
 */
const dir = join(import.meta.dirname, '..', '..', 'docs', 'decisions');
const files = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));

interface DecisionRecord {
  file: string;
  number: string;
  text: string;
  status: string;
}

const records: DecisionRecord[] = files.map((file) => {
  const text = readFileSync(join(dir, file), 'utf8');
  // The Status paragraph: its line and the lines that continue it, up to a blank line.
  const status = /^Status: (.+(?:\n.+)*)/m.exec(text)?.[1]?.replace(/\n/g, ' ') ?? '';
  return { file, number: file.slice(0, 3), text, status };
});

const numbersIn = (text: string) => new Set(text.match(/\b\d{3}\b/g));

/** The records this one amends, supersedes or extends, as its Status says. */
function newerOf(status: string): Set<string> {
  return new Set(
    [...status.matchAll(/\b(?:amends|supersedes|extends)\b([^;)]*)/gi)].flatMap(([, refs]) => [
      ...numbersIn(refs!),
    ]),
  );
}

/** The records that amend, supersede or extend this one, as its Status says. */
function olderOf(status: string): Set<string> {
  return new Set(
    [...status.matchAll(/\b(?:amended|superseded|extended)(?: in part)? by\b([^;(]*)/gi)].flatMap(
      ([, refs]) => [...numbersIn(refs!)],
    ),
  );
}

describe('decision records', () => {
  it('are found', () => {
    expect(records.length).toBeGreaterThan(50);
  });

  it('each opens with "# NNN: Title", a Date and a Status', () => {
    const malformed = records
      .filter(
        ({ number, text }) =>
          !new RegExp(`^# ${number}: \\S.*\\n\\nDate: \\d{4}-\\d{2}-\\d{2}\\nStatus: \\S`).test(text),
      )
      .map(({ file }) => file);
    expect(malformed).toEqual([]);
  });

  it('write an amendment or supersession on both records', () => {
    const byNumber = new Map(records.map((record) => [record.number, record]));
    const oneSided: string[] = [];
    for (const record of records) {
      for (const older of newerOf(record.status)) {
        const other = byNumber.get(older);
        if (!other) oneSided.push(`${record.file} amends ${older}, which does not exist`);
        else if (!olderOf(other.status).has(record.number))
          oneSided.push(`${other.file} does not say it is amended/superseded/extended by ${record.number}`);
      }
      for (const newer of olderOf(record.status)) {
        const other = byNumber.get(newer);
        if (!other) oneSided.push(`${record.file} names ${newer} as its successor, which does not exist`);
        else if (!newerOf(other.status).has(record.number))
          oneSided.push(`${other.file} does not say it amends/supersedes/extends ${record.number}`);
      }
    }
    expect(oneSided).toEqual([]);
  });

  it('superseded by a page: the page exists and links the record back', () => {
    const unlinked = records.flatMap(({ file, status }) =>
      [...status.matchAll(/superseded by (docs\/[\w./-]+\.md)/g)]
        .map(([, page]) => page!)
        .filter((page) => {
          const path = join(dir, '..', '..', page);
          return !existsSync(path) || !readFileSync(path, 'utf8').includes(`decisions/${file}`);
        })
        .map((page) => `${file}: ${page}`),
    );
    expect(unlinked).toEqual([]);
  });

  it('are all in the index, which links only records that exist', () => {
    const index = readFileSync(join(dir, 'README.md'), 'utf8');
    const links = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map(([, file]) => file!);
    const linked = new Set(links);
    // One row per record: a merge that keeps both sides of the table doubles its rows.
    expect(links.filter((file, i) => links.indexOf(file) !== i)).toEqual([]);
    expect(files.filter((file) => !linked.has(file))).toEqual([]);
    expect([...linked].filter((file) => !files.includes(file))).toEqual([]);
  });
});
