import { describe, expect, it } from 'vitest';
import { MANUAL_LINE_CODES } from '#shared/contracts/manual-entry.ts';
import { compareLineCodes, inLineDisplayOrder } from './line-order.ts';

describe('line display order', () => {
  it('puts the manual entry lines as the spec lists them: PL, CL, BOND, CROP', () => {
    expect(inLineDisplayOrder(MANUAL_LINE_CODES)).toEqual(['PL', 'CL', 'BOND', 'CROP']);
  });

  it('puts P&C after the lines, and codes it does not know last', () => {
    expect(['P&C', 'XX', 'CROP', 'CL', 'PL', 'BOND'].sort(compareLineCodes)).toEqual([
      'PL',
      'CL',
      'BOND',
      'CROP',
      'P&C',
      'XX',
    ]);
  });
});
