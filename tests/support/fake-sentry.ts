import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';

/** One item of an envelope: its header and its payload (parsed JSON when it is JSON). */
export type EnvelopeItem = {
  header: { type?: string; length?: number } & Record<string, unknown>;
  payload: unknown;
};
export type Envelope = { projectId: string; header: Record<string, unknown>; items: EnvelopeItem[] };

/** The fields of an error event the tests read. */
export type SentryEvent = {
  event_id?: string;
  level?: string;
  environment?: string;
  tags?: Record<string, string>;
  user?: { id?: string };
  request?: { headers?: Record<string, string>; cookies?: unknown };
  exception?: { values?: { type?: string; value?: string }[] };
};

export type FakeSentry = {
  /** A DSN that points the SDK at this server, for `project`. */
  dsn: (project?: string) => string;
  envelopes: Envelope[];
  /** The error events received so far. */
  events: () => SentryEvent[];
  /** Waits until at least `count` error events arrived. */
  waitForEvents: (count: number, timeoutMs?: number) => Promise<SentryEvent[]>;
  close: () => Promise<void>;
};

const ENVELOPE_PATH = /^\/api\/([^/]+)\/envelope\/?(?:\?.*)?$/;
const PUBLIC_KEY = 'fakepublickey0123456789abcdef';

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const encoding = request.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(raw);
  if (encoding === 'deflate') return inflateSync(raw);
  return raw;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Reads the envelope format: a header line, then per item a header line and a payload. */
export function parseEnvelope(projectId: string, data: Buffer): Envelope {
  let offset = 0;
  const line = (): string => {
    const end = data.indexOf(0x0a, offset);
    const text = data.subarray(offset, end === -1 ? data.length : end).toString('utf8');
    offset = end === -1 ? data.length : end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < data.length) {
    const headerLine = line();
    if (headerLine.trim() === '') continue;
    const itemHeader = JSON.parse(headerLine) as EnvelopeItem['header'];
    let payload: string;
    if (typeof itemHeader.length === 'number') {
      payload = data.subarray(offset, offset + itemHeader.length).toString('utf8');
      offset += itemHeader.length;
      if (data[offset] === 0x0a) offset += 1;
    } else {
      payload = line();
    }
    items.push({ header: itemHeader, payload: parseJson(payload) });
  }
  return { projectId, header, items };
}

/**
 * A stand-in for Sentry's (and GlitchTip's) ingestion API on 127.0.0.1: it accepts envelopes at
 * POST /api/<project>/envelope/ and keeps them for the test to read.
 */
export async function startFakeSentry(): Promise<FakeSentry> {
  const envelopes: Envelope[] = [];
  const server: Server = createServer((request, response) => {
    const match = ENVELOPE_PATH.exec(request.url ?? '');
    if (request.method !== 'POST' || !match?.[1]) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"not found"}');
      return;
    }
    const projectId = match[1];
    body(request).then(
      (data) => {
        envelopes.push(parseEnvelope(projectId, data));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      },
      () => response.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const events = () =>
    envelopes.flatMap((envelope) =>
      envelope.items
        .filter((item) => item.header.type === 'event')
        .map((item) => item.payload as SentryEvent),
    );

  return {
    dsn: (project = '42') => `http://${PUBLIC_KEY}@127.0.0.1:${port}/${project}`,
    envelopes,
    events,
    waitForEvents: async (count, timeoutMs = 5000) => {
      const until = Date.now() + timeoutMs;
      while (events().length < count) {
        if (Date.now() > until)
          throw new Error(`fake Sentry: ${events().length} of ${count} events after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return events();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
