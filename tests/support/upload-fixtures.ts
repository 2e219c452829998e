import type { ImportRecordResponse } from '#shared/contracts/import.ts';

/**
 * An upload as the API answers it for the client tests of the upload steps: a network's production
 * file, staged, with `overrides`.
 */
export function uploadRecord(overrides: Partial<ImportRecordResponse> = {}): ImportRecordResponse {
  return {
    uploadUuid: '11111111-1111-4111-8111-111111111111',
    networkUuid: '44444444-4444-4444-8444-444444444444',
    agencyUuid: null,
    kind: 'production',
    status: 'staged',
    fileName: 'granite.csv',
    fileHash: 'a'.repeat(64),
    fileSize: 100,
    carrierUuid: null,
    coversThrough: '2026-09',
    detected: { format: 'csv', encoding: 'utf-8', delimiter: ',', sheet: null, headerRowNumber: 1 },
    header: ['Agency Code'],
    columns: { agencyCode: 'Agency Code' },
    amounts: 'monthly',
    proposed: { profileName: null, columns: {}, amounts: 'monthly' },
    rowCount: 4,
    errorCount: 0,
    rowsLoaded: null,
    rowsSkipped: null,
    rowsExcluded: null,
    restatement: false,
    total: null,
    createdBy: 'Nora Network',
    createdAt: '2026-11-20T10:00:00.000Z',
    committedAt: null,
    undoneAt: null,
    discardedAt: null,
    expiresAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}
