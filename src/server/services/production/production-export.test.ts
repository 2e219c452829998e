import { describe, expect, it } from 'vitest';
import { csvField, exportFileName, inChunks } from './production-export.ts';

describe('Carrier Production CSV', () => {
  it('quotes fields with commas, quotes or line breaks, and leaves numbers and blanks plain', () => {
    expect(csvField('Prairie Oak, Inc.')).toBe('"Prairie Oak, Inc."');
    expect(csvField('The "Best" Agency')).toBe('"The ""Best"" Agency"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(-1234.5)).toBe('-1234.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
  });

  it('defuses text that a spreadsheet would read as a formula', () => {
    for (const text of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx']) expect(csvField(text)).toBe(`'${text}`);
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it('writes few large chunks that hold every line in order', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `row ${i},1,2\r\n`);
    const chunks = [...inChunks(lines, 64 * 1024)];
    expect(chunks.length).toBeLessThan(5);
    expect(chunks.join('')).toBe(lines.join(''));
    expect([...inChunks([])]).toEqual([]);
  });

  it('names the file after the agency and the timeframe', () => {
    expect(exportFileName('Prairie Oak Insurance Agency', 'YTD 2026 through 2026-10')).toBe(
      'Prairie_Oak_Insurance_Agency_YTD_2026_through_2026-10.csv',
    );
  });
});
