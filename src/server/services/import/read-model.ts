/**
 * The one place the import reaches the read model's writers' entry point: after writing facts, the
 * derived production data is brought up to date per agency inside the transaction, or rebuilt for
 * a whole network after a bulk load. Repoint these two lines when the entry point moves.
 */
export { refreshAgencyProduction } from '#server/services/production/production-report.ts';
export { rebuildNetworkRollups } from '#server/services/production/rollups.ts';
