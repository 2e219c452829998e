import { describe, expect, it } from 'vitest';
import type { HealthLine } from '#shared/contracts/reporting-health.ts';
import {
  attentionLines,
  fineLines,
  fixLink,
  lineDetail,
  statusText,
  statusTone,
} from './monthly-close-model.ts';

const line = (overrides: Partial<HealthLine>): HealthLine => ({
  agencyUuid: '00000000-0000-4000-8000-000000000001',
  agencyName: 'Alder Agency',
  carrierUuid: '00000000-0000-4000-8000-0000000000aa',
  carrierName: 'Acme Mutual',
  status: 'received',
  problems: [],
  source: 'feed',
  arrivedOn: null,
  dueOn: '2026-11-15',
  unmappedValues: 0,
  blankValues: 0,
  zeroValues: 0,
  lastMonth: '2026-10',
  fix: 'upload',
  ...overrides,
});

describe('the monthly close checklist', () => {
  const missing = line({
    agencyName: 'Birch',
    status: 'missing',
    problems: ['missing'],
    source: null,
    lastMonth: '2026-08',
  });
  const late = line({
    agencyName: 'Alder',
    status: 'late',
    problems: ['late'],
    source: null,
    lastMonth: '2026-09',
  });
  const blanks = line({ agencyName: 'Aspen', problems: ['blanks'], blankValues: 2 });
  const fine = line({ agencyName: 'Cedar' });

  it('lists the lines that need attention, missing first, then late, then data to check', () => {
    expect(attentionLines([fine, blanks, late, missing]).map((l) => l.agencyName)).toEqual([
      'Birch',
      'Alder',
      'Aspen',
    ]);
    expect(fineLines([fine, blanks]).map((l) => l.agencyName)).toEqual(['Cedar']);
  });

  it('names and colours each status', () => {
    expect(statusText(missing)).toBe('Missing');
    expect(statusTone(missing)).toBe('red');
    expect(statusTone(late)).toBe('orange');
    expect(statusTone(blanks)).toBe('yellow');
    expect(statusTone(fine)).toBe('green');
    expect(statusText(line({ status: 'notDue', source: null }))).toBe('Not due yet');
  });

  it('links a missing report to the upload page with its carrier and month, or to manual entry', () => {
    const may = { upload: true, manualEntry: false };
    expect(fixLink(missing, '2026-10', may)?.href).toBe(
      '/upload?carrier=00000000-0000-4000-8000-0000000000aa&carrierName=Acme+Mutual&month=2026-10',
    );
    expect(fixLink(missing, '2026-10', { upload: false, manualEntry: false })).toBeNull();
    const byHand = line({ ...missing, fix: 'manualEntry' });
    expect(fixLink(byHand, '2026-10', { upload: true, manualEntry: true })?.href).toBe(
      '/billingcarriers/edit?carrier=00000000-0000-4000-8000-0000000000aa&level=00000000-0000-4000-8000-000000000001',
    );
    // A network user cannot enter an agency's figures by hand: the upload it is.
    expect(fixLink(byHand, '2026-10', may)?.href).toMatch(/^\/upload\?/);
  });

  it('says when a report was due, or how it arrived and what to look at', () => {
    expect(lineDetail(missing)).toBe('Due 2026-11-15; last reported 2026-08');
    expect(lineDetail(blanks)).toBe('Arrived by the feed; 2 blank figures (not reported, unlike a $0)');
    expect(lineDetail(line({ source: 'upload', arrivedOn: '2026-11-12', unmappedValues: 1 }))).toBe(
      'Arrived 2026-11-12, uploaded; 1 row left out of its upload',
    );
  });
});
