import { describe, expect, it } from 'vitest';
import {
  ALL_IMPORT_FIELDS,
  IMPORT_FIELDS,
  PREFILL_CONFIDENCE,
  columnChoices,
  columnIndex,
  columnKeys,
  confidentSuggestion,
  coreName,
  headerFingerprint,
  headerLikeness,
  nameSimilarity,
  normaliseName,
  rankSuggestions,
  suggestAmounts,
  suggestColumns,
} from './import-matching.ts';

describe('normaliseName and coreName', () => {
  it('drops case, accents, punctuation and spacing', () => {
    expect(normaliseName('  Société   Générale, Inc. ')).toBe('societe generale inc');
    expect(normaliseName('Smith & Sons')).toBe('smith and sons');
  });
  it('drops the words carriers share', () => {
    expect(coreName('The Acme Mutual Insurance Co.')).toBe('acme mutual');
    expect(coreName('Insurance Company')).toBe('insurance company');
  });
});

describe('headerFingerprint', () => {
  const header = ['Agency Code', 'Policy Type', 'Accounting Month', 'Written Premium'];
  it('ignores order, case, spacing, punctuation and blank columns', () => {
    const same = ['written  premium', 'ACCOUNTING MONTH', '', 'policy-type', 'Agency Code '];
    expect(headerFingerprint(same)).toBe(headerFingerprint(header));
    expect(headerFingerprint(header)).toMatch(/^h1-[0-9a-f]{16}$/);
  });
  it('changes when a column is added, removed or renamed', () => {
    const base = headerFingerprint(header);
    expect(headerFingerprint([...header, 'Earned Premium'])).not.toBe(base);
    expect(headerFingerprint(header.slice(1))).not.toBe(base);
    expect(headerFingerprint(['Agent Code', ...header.slice(1)])).not.toBe(base);
    expect(headerFingerprint([...header, 'Written Premium'])).not.toBe(base);
  });
});

describe('columnKeys', () => {
  it('tells columns of one name, and columns without a name, apart by their letters', () => {
    const header = ['Premium', 'Agent Code', ' premium ', '', 'Month', '', ''];
    expect(columnKeys(header)).toEqual([
      'Premium (column A)',
      'Agent Code',
      'premium (column C)',
      'Column D (no name)',
      'Month',
      'Column F (no name)',
      'Column G (no name)',
    ]);
    expect(columnChoices(header)).toEqual(columnKeys(header).slice(0, 5));
    expect(columnIndex(header, 'premium (column C)')).toBe(2);
    expect(columnIndex(header, 'Premium')).toBe(-1);
    expect(columnIndex(header, undefined)).toBe(-1);
  });
  it("keeps every key unique when a name reads like another column's key", () => {
    expect(columnKeys(['Premium', 'Premium', 'Premium (column B)'])).toEqual([
      'Premium (column A)',
      'Premium (column B) (column B)',
      'Premium (column B) (column C)',
    ]);
  });
  it('suggests each of two columns of one name at most once', () => {
    expect(suggestColumns('production', ['Agent Code', 'Written Premium', 'Written Premium'])).toEqual({
      agencyCode: 'Agent Code',
      writtenPremium: 'Written Premium (column B)',
    });
  });
});

describe('rankSuggestions', () => {
  const carriers = [
    { id: 'acme', name: 'Acme Mutual Insurance Company' },
    { id: 'acme-spec', name: 'Acme Specialty' },
    { id: 'erie', name: 'Erie Insurance' },
    { id: 'travelers', name: 'Travelers' },
    { id: 'hartford', name: 'The Hartford' },
  ];

  it('puts the normalised-name match first', () => {
    const [first] = rankSuggestions('ACME MUTUAL INS CO', carriers);
    expect(first).toMatchObject({ id: 'acme' });
    expect(rankSuggestions('Erie Insurance', carriers)[0]).toEqual({
      id: 'erie',
      name: 'Erie Insurance',
      score: 1,
      confidence: 1,
    });
  });

  it('ranks misspellings by closeness and drops unrelated names', () => {
    const ranked = rankSuggestions('Travellers', carriers);
    expect(ranked.map((s) => s.id)).toEqual(['travelers']);
    expect(rankSuggestions('Hartford Fire Ins Co', carriers)[0]?.id).toBe('hartford');
    expect(rankSuggestions('Zurich North America', carriers)).toEqual([]);
  });

  it('orders by score, best first', () => {
    const ranked = rankSuggestions('Acme', carriers);
    expect(ranked.map((s) => s.id)).toEqual(['acme', 'acme-spec']);
    expect(ranked[0]!.score).toBeGreaterThanOrEqual(ranked[1]!.score);
  });

  it('matches standard types by code and initials', () => {
    const types = [
      { id: 'pa', name: 'Personal Auto', aliases: ['PAUTO'] },
      { id: 'ho', name: 'Homeowners', aliases: ['HOME'] },
      { id: 'ca', name: 'Commercial Auto', aliases: ['CAUTO'] },
    ];
    expect(rankSuggestions('PA', types)[0]?.id).toBe('pa');
    expect(rankSuggestions('Home Owners', types)[0]?.id).toBe('ho');
    expect(rankSuggestions('CAUTO', types)[0]?.id).toBe('ca');
    expect(rankSuggestions('Comm Auto', types)[0]?.id).toBe('ca');
  });

  it('gives 1 only to an exact normalised match', () => {
    expect(nameSimilarity('erie insurance', 'Erie Insurance')).toBe(1);
    expect(nameSimilarity('Erie', 'Erie Insurance')).toBeLessThan(1);
  });
});

describe('suggestion confidence', () => {
  const prefilled = (value: string, candidates: Parameters<typeof rankSuggestions>[1], code = false) =>
    confidentSuggestion(rankSuggestions(value, candidates, 5, code ? 'code' : 'name'))?.id ?? null;
  const codes = [{ id: 'a76151', name: 'A76151 Prairie Oak main (Prairie Oak)', aliases: ['A76151'] }];
  const carriers = [
    { id: 'riverbend', name: 'Riverbend Mutual' },
    { id: 'granite', name: 'Granite Peak Insurance Company' },
  ];
  const types = [
    { id: 'ca', name: 'Commercial Auto', aliases: ['CAUTO'] },
    { id: 'pa', name: 'Personal Auto', aliases: ['PAUTO'] },
    { id: 'ho', name: 'Homeowners', aliases: ['HOME'] },
  ];

  it('leaves unknown codes a character apart unmapped, though suggested', () => {
    for (const value of ['A76152', 'B76151', '76151']) {
      expect(rankSuggestions(value, codes, 5, 'code')[0]?.id).toBe('a76151');
      expect(prefilled(value, codes, true)).toBeNull();
    }
  });

  it('leaves different names that share a word unmapped', () => {
    expect(prefilled('Liberty Mutual', carriers)).toBeNull();
    expect(prefilled('Commercial Package', types)).toBeNull();
    expect(prefilled('Riverbend Mutual Fire', [{ id: 'life', name: 'Riverbend Mutual Life' }])).toBeNull();
  });

  it('pre-fills true near matches', () => {
    expect(prefilled('a-76151', codes, true)).toBe('a76151');
    expect(prefilled(' A 76151 ', codes, true)).toBe('a76151');
    expect(prefilled('RIVERBEND MUTUAL INS CO', carriers)).toBe('riverbend');
    expect(prefilled('Riverbend Mutul', carriers)).toBe('riverbend');
    expect(prefilled('Granite Peak Ins', carriers)).toBe('granite');
    expect(prefilled('Home Owners', types)).toBe('ho');
    expect(prefilled('PA', types)).toBe('pa');
    expect(prefilled('Personal Autos', types)).toBe('pa');
  });

  it('takes none when two suggestions are as sure', () => {
    const twins = [
      { id: 'one', name: 'Acme Mutual' },
      { id: 'two', name: 'Acme Mutual Insurance' },
    ];
    expect(rankSuggestions('Acme Mutual Ins', twins).every((s) => s.confidence >= PREFILL_CONFIDENCE)).toBe(
      true,
    );
    expect(prefilled('Acme Mutual Ins', twins)).toBeNull();
  });
});

describe('suggestColumns', () => {
  it('maps a carrier portal header to fields, each column once', () => {
    const header = [
      'Agent Code',
      'Company',
      'Product Line',
      'Acctg Month',
      'Written Prem',
      'New Business',
      'Earned',
      'Incurred Losses',
      'Notes',
    ];
    expect(suggestColumns('production', header)).toEqual({
      agencyCode: 'Agent Code',
      carrier: 'Company',
      lineOfBusiness: 'Product Line',
      month: 'Acctg Month',
      writtenPremium: 'Written Prem',
      newWrittenPremium: 'New Business',
      earned: 'Earned',
      incurred: 'Incurred Losses',
    });
  });
  it.each([
    'Acctg Period',
    'Accounting Period',
    'Period',
    'Month',
    'Stmt Date',
    'Statement Month',
    'Process Month',
    'Production Month',
    'Report Period',
    'Reporting Period',
    'Acct. Period',
    'Period Ending',
  ])('proposes %j as the month', (name) => {
    expect(suggestColumns('production', ['Agent Code', 'Policy Type', name, 'Written Premium']).month).toBe(
      name,
    );
  });
  it('maps commission statements', () => {
    const header = ['Producer Code', 'LOB', 'Statement Month', 'Written Premium', 'Commission', 'Contingent'];
    expect(suggestColumns('commission', header)).toEqual({
      agencyCode: 'Producer Code',
      lineOfBusiness: 'LOB',
      month: 'Statement Month',
      writtenPremium: 'Written Premium',
      baseCommission: 'Commission',
      additionalCommission: 'Contingent',
    });
  });
  it('maps a year-to-date layout and says its amounts are year to date', () => {
    const header = ['Agent Code', 'Policy Type', 'YTD Thru', 'YTD Written Premium', 'YTD Earned'];
    expect(suggestColumns('production', header)).toEqual({
      agencyCode: 'Agent Code',
      lineOfBusiness: 'Policy Type',
      month: 'YTD Thru',
      writtenPremium: 'YTD Written Premium',
      earned: 'YTD Earned',
    });
    expect(suggestAmounts(header)).toBe('ytd');
    expect(suggestAmounts(['Agency Code', 'Month', 'Written Premium', 'Daytona'])).toBe('monthly');
  });
  it('tells a header row from a title or data row', () => {
    expect(headerLikeness(['Agency Code', 'Month', 'Written Premium'])).toBe(3);
    expect(headerLikeness(['Acme Production Report', '', ''])).toBe(0);
    expect(headerLikeness(['A123', '2025-03', '1,234.00'])).toBe(0);
  });
});

describe('the mappable fields', () => {
  it('lists every field of both kinds once', () => {
    const both = new Set([...IMPORT_FIELDS.production, ...IMPORT_FIELDS.commission]);
    expect([...ALL_IMPORT_FIELDS].sort()).toEqual([...both].sort());
  });
});
