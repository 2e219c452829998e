import { useEffect, useState } from 'react';
import { EMBED_REFRESH_MARGIN_MS } from '#shared/domain/reports.ts';
import { timerDelay } from './embed-messages.ts';

/** A signed dashboard URL (Metabase, Sigma) and when its signature expires (ISO 8601). */
export type SignedLink = { embedUrl: string; expiration: string };

/** How long before its expiry a link the user is looking at is replaced, at the latest. */
export const EXPIRY_LEAD_MS = 10_000;

/** What the page counts as the user turning to it: a click or a key in it, or coming back to it. */
const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/**
 * Which signed link a frame shows. A signed URL can only be renewed by loading the frame again, which
 * loses whatever the user did in the dashboard, so a new link (fetched when the shown one becomes
 * stale, EMBED_REFRESH_MARGIN_MS before it expires) is not shown on a timer. The shown link is
 * replaced by the newest one:
 * - when the user next interacts with the page once the shown link is stale: a click or a key press
 *   on the page (not inside the dashboard, whose events the page never sees), or coming back to the
 *   window or the tab;
 * - or EXPIRY_LEAD_MS before the shown link expires, if the page is visible then: the dashboard
 *   would stop working while the user looks at it. A hidden page waits until it is shown again.
 * Leaving the report and coming back (the next navigation) mounts a new frame with a new link anyway.
 * A new `generation` (a retry after an error) shows the newest link at once.
 */
export function useRenewedLink<T extends SignedLink>(latest: T | undefined, generation: unknown = null) {
  const [shown, setShown] = useState<{ link: T | undefined; generation: unknown }>({
    link: latest,
    generation,
  });
  // The first link, and the first of a new generation, show as soon as they arrive.
  if (latest !== undefined && (shown.link === undefined || shown.generation !== generation)) {
    setShown({ link: latest, generation });
  }

  const current = shown.link;
  const pending = latest !== undefined && current !== undefined && latest.embedUrl !== current.embedUrl;
  useEffect(() => {
    if (!pending || current === undefined) return;
    const expiresAt = Date.parse(current.expiration);
    // An unreadable expiration counts as stale and due now.
    const staleAt = Number.isNaN(expiresAt) ? 0 : expiresAt - EMBED_REFRESH_MARGIN_MS;
    const dueAt = Number.isNaN(expiresAt) ? 0 : expiresAt - EXPIRY_LEAD_MS;
    const visible = () => document.visibilityState !== 'hidden';
    const renew = () => setShown({ link: latest, generation });
    const onInteraction = () => {
      if (Date.now() >= staleAt) renew();
    };
    const onVisibility = () => {
      if (visible()) onInteraction();
    };
    const timer = setTimeout(
      () => {
        if (visible()) renew();
      },
      timerDelay(dueAt - Date.now()),
    );
    for (const name of INTERACTIONS) document.addEventListener(name, onInteraction, true);
    window.addEventListener('focus', onInteraction);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      for (const name of INTERACTIONS) document.removeEventListener(name, onInteraction, true);
      window.removeEventListener('focus', onInteraction);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [pending, current, latest, generation]);

  return current;
}
