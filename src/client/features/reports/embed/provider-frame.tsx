import { useEffect, useRef, useState } from 'react';
import { DEFAULT_FRAME_HEIGHT, LoadingCover } from './embed-layout.tsx';
import { isFromEmbed, type FrameSignal } from './embed-messages.ts';

export type ProviderFrameProps = {
  /** The signed embed URL; a new one (after expiry or a retry) is a new frame: render with `key={src}`. */
  src: string;
  /** The only origin whose messages count (spec part 1 §9), as the server named it. */
  origin: string;
  /** The report's label: the frame's accessible name. */
  title: string;
  /** Reads a provider's message; null for messages that are none of ours. */
  readMessage: (data: unknown) => FrameSignal | null;
  /** When the dashboard counts as shown: on its own 'loaded' message, or when the frame loads. */
  loadedOn: 'message' | 'frame-load';
  /** An error message from the dashboard. */
  onError: (message: string | null) => void;
};

/**
 * An iframe dashboard (Sigma, Metabase): covered by the loader until it has loaded, sized to the
 * height its messages report, listening only to its own frame on the provider's origin.
 */
export function ProviderFrame({ src, origin, title, readMessage, loadedOn, onError }: ProviderFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [height, setHeight] = useState(DEFAULT_FRAME_HEIGHT);
  // The latest callbacks, so a new function from the parent does not re-subscribe the listener.
  const handlers = useRef({ readMessage, onError });
  useEffect(() => {
    handlers.current = { readMessage, onError };
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isFromEmbed(event, origin, frameRef.current)) return;
      const signal = handlers.current.readMessage(event.data);
      if (!signal) return;
      if (signal.kind === 'loaded') setLoaded(true);
      else if (signal.kind === 'height') setHeight(signal.height);
      else handlers.current.onError(signal.message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  return (
    <>
      {loaded ? null : <LoadingCover label={`Loading ${title}`} />}
      <iframe
        ref={frameRef}
        src={src}
        title={title}
        onLoad={loadedOn === 'frame-load' ? () => setLoaded(true) : undefined}
        allow="fullscreen"
        style={{
          display: 'block',
          width: '100%',
          height,
          border: 0,
          visibility: loaded ? 'visible' : 'hidden',
        }}
      />
    </>
  );
}
