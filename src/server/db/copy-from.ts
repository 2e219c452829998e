import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * Bulk loading by `COPY ... FROM STDIN` on either driver (decision 025): no statement to parse per
 * row, no bind parameters, no JSON. `copy` names the table and columns and its options, e.g.
 * `import_rows (a, b) with (format csv)`; `data` is the whole batch in that format (text, or its
 * UTF-8 bytes).
 *
 * PGlite reads a COPY from a blob. The `pg` driver has no COPY of its own (the `pg-copy-streams`
 * package adds it); `CopyIn` below is the same protocol exchange for one in-memory batch: send the
 * statement, answer the server's CopyInResponse with the data and CopyDone, and settle on
 * ReadyForQuery with the error the server reported, if any.
 */
export async function copyFrom(db: Db, copy: string, data: string | Buffer): Promise<void> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    await client.query(`copy ${copy.replace(/\bwith\b/i, "from '/dev/blob' with")}`, [], {
      blob: new Blob([typeof data === 'string' ? data : new Uint8Array(data)]),
    });
    return;
  }
  if (!(client instanceof pg.Pool) && !(client instanceof pg.Client)) {
    throw new Error('COPY needs the database handle itself, not a transaction.');
  }
  const statement = `copy ${copy.replace(/\bwith\b/i, 'from stdin with')}`;
  if (client instanceof pg.Client) {
    await runCopy(client, statement, data);
    return;
  }
  const connection = await client.connect();
  try {
    await runCopy(connection, statement, data);
  } finally {
    connection.release();
  }
}

function runCopy(client: pg.ClientBase, statement: string, data: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    // A Submittable (pg's own interface for query objects) that sends the batch when asked.
    client.query(
      new CopyIn(statement, typeof data === 'string' ? Buffer.from(data, 'utf8') : data, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  });
}

/** The parts of pg's connection a COPY uses (its type declarations leave them out). */
type CopyConnection = {
  query: (text: string) => void;
  sendCopyFromChunk: (chunk: Buffer) => void;
  endCopyFrom: () => void;
};

class CopyIn implements pg.Submittable {
  private error: Error | null = null;

  constructor(
    private readonly text: string,
    private readonly data: Buffer,
    private readonly done: (error: Error | null) => void,
  ) {}

  submit(connection: pg.Connection): void {
    (connection as unknown as CopyConnection).query(this.text);
  }

  handleCopyInResponse(connection: CopyConnection): void {
    connection.sendCopyFromChunk(this.data);
    connection.endCopyFrom();
  }

  handleCopyData(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handlePortalSuspended(): void {}
  handleEmptyQuery(): void {}
  handleCommandComplete(): void {}

  handleError(error: Error): void {
    this.error = error;
  }

  handleReadyForQuery(): void {
    this.done(this.error);
  }
}
