import type { UserType } from '#shared/contracts/user.ts';
import type { EmbedProvider } from '#shared/domain/reports.ts';

/** The tenant an embed is minted for: always from the session (resolveLevel), never the browser. */
export type EmbedTenant =
  | { kind: 'network'; networkUuid: string; agencyUuid: null }
  | { kind: 'agency'; networkUuid: string; agencyUuid: string };

/** Who is looking. */
export type EmbedViewer = {
  userId: string;
  email: string;
  userType: UserType;
  /** Internal staff are flagged in the embed identity (spec part 1 §6). */
  isInternal: boolean;
};

/** A dashboard assigned to a report (table report_assignments). */
export type StoredAssignment = {
  uuid: string;
  reportKey: string;
  provider: EmbedProvider;
  /** The provider's report, workbook or dashboard id. */
  externalId: string;
  /** Power BI workspace (group) id; '' for the others. */
  workspaceId: string;
  parameters: Record<string, string>;
  networkUuid: string;
  agencyUuid: string | null;
};

/** What a provider mints for one viewer, tenant and assignment. */
export type MintedEmbed = {
  embedUrl: string;
  expiration: Date;
  /** Power BI embed token; null when the URL carries the signature. */
  accessToken: string | null;
  /** Power BI report id; null for the others. */
  reportId: string | null;
};

export type MintInput = { assignment: StoredAssignment; viewer: EmbedViewer; tenant: EmbedTenant };

/**
 * One embed provider (DESIGN §3 "embedded BI"): the server mints a short-lived embed config for this
 * viewer and tenant; secrets never leave the server.
 */
export interface EmbedProviderClient {
  readonly name: EmbedProvider;
  /** The origin its frames load from and its messages come from (CSP frame-src; spec part 1 §9). */
  readonly origin: string;
  mint(input: MintInput): Promise<MintedEmbed>;
}

/** The configured providers; a provider that is not configured is absent. */
export type EmbedProviders = Partial<Record<EmbedProvider, EmbedProviderClient>>;

/** A provider that failed or refused: the message is safe to show the user (spec part 1 §8 embed errors). */
export class EmbedProviderError extends Error {
  override name = 'EmbedProviderError';
}
