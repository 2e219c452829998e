/**
 * What the embedded dashboards say to the page through `postMessage`, read defensively: a message
 * counts only when it comes from the provider's origin and from the report's own frame (spec part 1
 * §9 "Embed messages are accepted only from the expected embed provider's origin").
 */

/** What a provider frame tells the page, whatever the provider. */
export type FrameSignal =
  { kind: 'loaded' } | { kind: 'error'; message: string | null } | { kind: 'height'; height: number };

/**
 * Spec part 1 §9: a message is the embed's only when its origin is the provider's origin the server
 * named for this embed AND it was sent by the frame the page created for it (another frame, or a
 * window opened on the same origin, does not speak for the report).
 */
export function isFromEmbed(
  event: Pick<MessageEvent, 'origin' | 'source'>,
  expectedOrigin: string,
  frame: HTMLIFrameElement | null,
): boolean {
  if (!frame?.contentWindow) return false;
  return event.origin === expectedOrigin && event.source === frame.contentWindow;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The frame heights a dashboard may ask for: a message cannot shrink it to nothing or grow the page without end. */
export const MIN_FRAME_HEIGHT = 200;
export const MAX_FRAME_HEIGHT = 20_000;

/** A reported height within the bounds; null for anything that is not a positive number. */
const positiveHeight = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0
    ? Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, Math.ceil(value)))
    : null;

/**
 * Sigma's embed events (the names of @sigmacomputing/embed-sdk): `workbook:loaded`,
 * `workbook:error` { code, message } and `workbook:pageheight:onchange` { pageHeight } (sent when
 * the URL asks for `:responsive_height=true`). Anything else is none of our business.
 */
export function readSigmaMessage(data: unknown): FrameSignal | null {
  if (!isRecord(data)) return null;
  switch (data.type) {
    case 'workbook:loaded':
      return { kind: 'loaded' };
    case 'workbook:error':
      return { kind: 'error', message: typeof data.message === 'string' ? data.message : null };
    case 'workbook:pageheight:onchange': {
      const height = positiveHeight(data.pageHeight);
      return height === null ? null : { kind: 'height', height };
    }
    default:
      return null;
  }
}

/**
 * Metabase's embed frame reports its size every time it changes, as
 * `{ metabase: { type: 'frame', frame: { mode: 'normal' | 'fit', height } } }` (its
 * frontend/src/metabase/lib/embed.js); the page sizes the frame to that height. (In 'fit' mode the
 * dashboard fills the frame, so the height it reports is the frame's own and nothing changes.)
 */
export function readMetabaseMessage(data: unknown): FrameSignal | null {
  if (!isRecord(data) || !isRecord(data.metabase)) return null;
  const message = data.metabase;
  if (message.type !== 'frame' || !isRecord(message.frame)) return null;
  const height = positiveHeight(message.frame.height);
  return height === null ? null : { kind: 'height', height };
}

/** The longest delay a browser timer takes; a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** A timer delay that a browser honours (setTimeout/setInterval overflow above 2^31 - 1 ms). */
export function timerDelay(ms: number): number {
  return Math.min(Math.max(0, ms), MAX_TIMER_MS);
}
