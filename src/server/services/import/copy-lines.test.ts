import { describe, expect, it } from 'vitest';
import { suggestColumns } from '#shared/domain/import-matching.ts';
import { CopyBuffer } from './copy-buffer.ts';
import { rowEncoder } from './import-staging.ts';

describe('CopyBuffer', () => {
  it('writes ASCII byte by byte and anything else as UTF-8, growing as needed', () => {
    const out = new CopyBuffer(4);
    out.text('A-100,');
    out.text('Compañía Ñandú "São" 東京');
    out.byte(44);
    out.integer(0);
    out.byte(44);
    out.integer(1_048_577);
    expect(out.take().toString('utf8')).toBe('A-100,Compañía Ñandú "São" 東京,0,1048577');
    expect(out.length).toBe(0);
    out.text('next');
    expect(out.take().toString('utf8')).toBe('next');
  });

  it('leaves out one character, before or after a character that is not ASCII', () => {
    const out = new CopyBuffer(2);
    out.textWithout('-1234.50', 5);
    out.byte(32);
    out.textWithout('é12.34', 3);
    out.byte(32);
    out.textWithout('12.é4', 2);
    expect(out.take().toString('utf8')).toBe('-123450 é1234 12é4');
  });
});

describe('rowEncoder', () => {
  const header = ['Agent Code', 'Product Line', 'Accounting Month', 'Written Premium', 'Earned Premium'];
  const encode = rowEncoder({
    kind: 'production',
    coversThrough: '2025-12-01',
    columns: suggestColumns('production', header),
    header,
  });
  const lines = (rows: string[][]) => {
    const out = new CopyBuffer(8);
    const errors: string[] = [];
    rows.forEach((cells, i) =>
      encode({ rowNumber: i + 2, cells }, out, (row, column, reason) =>
        errors.push(`${row} ${column}: ${reason}`),
      ),
    );
    return { text: out.take().toString('utf8'), errors };
  };

  it('writes each row as a CSV COPY line: texts quoted, months as their first day, amounts in cents', () => {
    expect(
      lines([
        ['B-0001', 'Personal Auto', '2025-03', '1234.50', ''],
        [' Ñ-7 ', 'Home "Plus"', 'Mar 2025', '($1,234.5)', '0.05'],
        ['B-0001', 'Personal Auto', '2025-03', ' 7 ', 'N/A'],
      ]),
    ).toEqual({
      text:
        '2,"B-0001",,"Personal Auto",2025-03-01,123450,,,,,\n' +
        '3,"Ñ-7",,"Home ""Plus""",2025-03-01,-123450,,005,,,\n' +
        '4,"B-0001",,"Personal Auto",2025-03-01,700,,,,,\n',
      errors: [],
    });
  });

  it('reports every value it cannot read, names its row and column, and leaves it empty', () => {
    expect(lines([['', 'Personal Auto', '2026-01', '12 dollars', '1,2345']])).toEqual({
      text: '2,,,"Personal Auto",,,,,,,\n',
      errors: [
        '2 Agent Code: The agency code is blank.',
        '2 Accounting Month: 2026-01 is after 2025-12, the last month the file covers: rows may be dated 2000-01 to 2025-12.',
        '2 Written Premium: "12 dollars" is not an amount.',
        '2 Earned Premium: "1,2345" has more than two decimals: amounts are loaded to the cent, never rounded.',
      ],
    });
  });
});
