/**
 * Collaboration mode (spec part 2): while an agency shares its screen with a carrier, the report
 * limits or hides the other carriers. It is applied on the server to report data and exports.
 */

export const HIDDEN_CARRIER_NAME = '[Hidden information]';

/** 'names': carriers outside the list keep their figures but lose their names; 'all': only listed carriers appear. */
export type ShareType = 'names' | 'all';

export type CollaborationMode = { carriersUuid: readonly string[]; shareType: ShareType };

/** Exiting resets to no carriers, with names hidden. */
export const NO_COLLABORATION: CollaborationMode = { carriersUuid: [], shareType: 'names' };

export function isCollaborating(mode: CollaborationMode | null | undefined): mode is CollaborationMode {
  return !!mode && mode.carriersUuid.length > 0;
}

/**
 * Applies the mode to carrier rows: with 'names', carriers outside the list are renamed
 * '[Hidden information]'; with 'all', only listed carriers remain. Without carriers nothing changes.
 */
export function maskCarrierRows<T extends { carrierUuid: string; carrierName: string }>(
  rows: readonly T[],
  mode: CollaborationMode | null | undefined,
): T[] {
  if (!isCollaborating(mode)) return [...rows];
  const listed = new Set(mode.carriersUuid);
  if (mode.shareType === 'all') return rows.filter((row) => listed.has(row.carrierUuid));
  return rows.map((row) =>
    listed.has(row.carrierUuid) ? row : { ...row, carrierName: HIDDEN_CARRIER_NAME },
  );
}
