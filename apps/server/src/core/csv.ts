import { pipeline, Transform, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';

/**
 * CSV exports (logs, bets, the agent report): one writer, so every file has the same rules —
 * UTF-8 BOM (Excel), a header row, CRLF line ends (RFC 4180), a field quoted when it holds a
 * comma, a quote or a line break, and text a spreadsheet would run as a formula defused.
 *
 * Files are streamed: the rows come from a database cursor a batch at a time, go through the
 * module's row mapping and csv-stringify, and are written as the client reads them, so an export
 * of 50,000 rows never sits in memory. Everything that can fail because of the request (filters,
 * dates, the subtree check) is done by the caller before `csvExport` is called, so a client's
 * mistake is an error envelope, never half a file.
 */

const NUMERIC = /^-?\d+(\.\d+)?$/;

/**
 * The text of one CSV field before quoting: empty for null, JSON for objects. Text that starts like
 * a spreadsheet formula (`= + - @`, tab, CR) gets a leading `'`, except plain signed numbers.
 */
export function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /^[=+\-@\t\r]/.test(text) && !NUMERIC.test(text) ? `'${text}` : text;
}

/** The response headers of a CSV download named `filename`. */
export function csvHeaders(filename: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  };
}

export interface CsvSource<R> {
  /** Header row, and the keys read from each record. */
  columns: readonly string[];
  /** The rows, in file order; the cap on the number of rows is its LIMIT. */
  query: SQL;
  /** A database row → the file's record (keys of `columns`). */
  record: (row: R) => object;
  /** Records after the last row (the agent report's totals line), asked for once the rows are done. */
  trailer?: () => object[];
}

/** Rows read from the cursor per round trip. */
const BATCH_ROWS = 500;

const dialect = new PgDialect();

/**
 * Starts a streamed CSV export: takes a client from `pool` (waiting here, before any byte is
 * sent, when the pool is busy), runs `source.query` through a cursor and returns the file as a
 * stream, to be sent as the response body.
 *
 * The client goes back to the pool when the stream is over, however it ends: the last row
 * written, a database error (then the connection is discarded), or the stream destroyed — Fastify
 * destroys a body stream when the response closes early, e.g. the client went away mid-file; the
 * cursor is closed first, so the connection returns idle.
 */
export async function csvExport<R>(pool: pg.Pool, source: CsvSource<R>): Promise<Readable> {
  const { sql: text, params } = dialect.sqlToQuery(source.query);
  const client = await pool.connect();
  let databaseError: Error | undefined;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    client.release(databaseError);
  };

  let rows: QueryStream;
  try {
    rows = client.query(new QueryStream(text, params, { batchSize: BATCH_ROWS }));
  } catch (err) {
    databaseError = err as Error;
    release();
    throw err;
  }
  // pg-query-stream's cursor reports the database's errors; the stream's own error may also be
  // a premature close, after which the cursor has been closed and the connection is clean.
  (rows.cursor as NodeJS.EventEmitter).once('error', (err: Error) => (databaseError = err));
  // 'close' comes after the cursor is closed (end, error or destroy alike).
  rows.once('close', release);

  const columns = source.columns;
  const toRecord = (data: object) => Object.fromEntries(columns.map((c) => [c, csvText((data as Record<string, unknown>)[c])]));
  const records = new Transform({
    objectMode: true,
    transform(row: R, _encoding, done) {
      try {
        done(null, toRecord(source.record(row)));
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      try {
        for (const extra of source.trailer?.() ?? []) this.push(toRecord(extra));
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
  // Fields arrive as csvText strings: the writer only quotes. A bare CR or LF inside a field is
  // quoted too (quoted_match), like a CRLF (the record delimiter).
  const writer = stringify({ bom: true, header: true, columns: [...columns], record_delimiter: '\r\n', quoted_match: /[\r\n]/ });

  // Any stream failing or closing early destroys the others (so the cursor closes); the body's
  // own error reaches Fastify, which answers an envelope if nothing was sent yet.
  return pipeline(rows, records, writer, () => undefined);
}
