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
  await withConnection(db, (connection) => connection.copy(copy, data));
}

/**
 * One connection of the database handle for a sequence of statements and COPYs. Neither waits for
 * the one before: the connection runs them in the order they were sent, so a bulk writer can go on
 * producing its next batch while the last one loads, and waits only where it must (e.g. for a
 * transaction's COMMIT). A statement sent after one that failed in the same transaction fails too.
 */
export type BulkConnection = {
  /** A statement without parameters (`begin`, `set local ...`, `commit`). */
  execute: (statement: string) => Promise<void>;
  /** `COPY ... FROM STDIN` of one batch, as `copyFrom` takes it. */
  copy: (copy: string, data: string | Buffer) => Promise<void>;
};

export async function withConnection<T>(db: Db, fn: (connection: BulkConnection) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const connection: BulkConnection = {
      execute: async (statement) => {
        await client.exec(statement);
      },
      copy: async (copy, data) => {
        await client.query(`copy ${copy.replace(/\bwith\b/i, "from '/dev/blob' with")}`, [], {
          blob: new Blob([typeof data === 'string' ? data : new Uint8Array(data)]),
        });
      },
    };
    try {
      return await fn(connection);
    } catch (error) {
      // The one session PGlite has is not left inside the transaction that failed.
      if (client.isInTransaction()) await client.exec('rollback');
      throw error;
    }
  }
  if (!(client instanceof pg.Pool) && !(client instanceof pg.Client)) {
    throw new Error('COPY needs the database handle itself, not a transaction.');
  }
  const connection = client instanceof pg.Client ? client : await client.connect();
  let failed = false;
  try {
    // In turn, one after the other: the driver runs one query at a time.
    let tail: Promise<unknown> = Promise.resolve();
    const inTurn = (run: () => Promise<unknown>) => {
      const done = tail.then(run).then(() => {});
      tail = done.catch(() => {});
      return done;
    };
    return await fn({
      execute: (statement) => inTurn(() => connection.query(statement)),
      copy: (copy, data) =>
        inTurn(() => runCopy(connection, `copy ${copy.replace(/\bwith\b/i, 'from stdin with')}`, data)),
    });
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A connection left by a failure may be inside a transaction: it is closed, not reused.
    if (connection !== client) (connection as pg.PoolClient).release(failed);
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

/**
 * One line of a `with (format csv)` COPY: NULL as an empty field, text quoted when it could be read
 * otherwise (an empty string, a comma, quote or line break), dates as ISO instants, booleans as t/f.
 */
export function copyCsvLine(
  values: readonly (string | number | boolean | Date | null | undefined)[],
): string {
  const fields = values.map((value) => {
    if (value === null || value === undefined) return '';
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'boolean') return value ? 't' : 'f';
    if (typeof value === 'number') return String(value);
    return value === '' || /[",\r\n\\]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  });
  return `${fields.join(',')}\n`;
}
