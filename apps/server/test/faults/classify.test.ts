import { describe, expect, it } from 'vitest';
import { isConnectionError, isRetryableConflict } from '../../src/db/errors.js';
import { MAX_TX_ATTEMPTS, retryConflicts } from '../../src/core/tx.js';

/** How database failures are told apart: a 503 for a lost database, a retry for a conflict, a 500 for the rest. */

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** As drizzle throws them: its own error, the pg error as `cause`. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isConnectionError', () => {
  it.each([
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['admin_shutdown (pg_terminate_backend)', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash_shutdown', pgError('57P02')],
    ['cannot_connect_now', pgError('57P03', 'the database system is shutting down')],
    ['connection exception class 08', pgError('08006')],
    ['lost mid-query', new Error('Connection terminated unexpectedly')],
    ['client no longer queryable', new Error('Client has encountered a connection error and is not queryable')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped by drizzle', wrapped(pgError('57P01'))],
  ])('%s → yes', (_name, err) => expect(isConnectionError(err)).toBe(true));

  it.each([
    ['unique violation', pgError('23505')],
    ['deadlock', pgError('40P01')],
    ['syntax error', wrapped(pgError('42601'))],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('%s → no', (_name, err) => expect(isConnectionError(err)).toBe(false));
});

describe('retryConflicts', () => {
  it('knows deadlocks and serialization failures, wrapped or not', () => {
    expect(isRetryableConflict(pgError('40P01'))).toBe(true);
    expect(isRetryableConflict(wrapped(pgError('40001')))).toBe(true);
    expect(isRetryableConflict(pgError('23505'))).toBe(false);
  });

  it('runs the work again after a deadlock, up to its bound, and passes anything else through at once', async () => {
    let runs = 0;
    await expect(
      retryConflicts(async () => {
        runs++;
        if (runs < 3) throw wrapped(pgError('40P01'));
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(runs).toBe(3);

    runs = 0;
    await expect(
      retryConflicts(async () => {
        runs++;
        throw pgError('40001');
      }),
    ).rejects.toMatchObject({ code: '40001' });
    expect(runs).toBe(MAX_TX_ATTEMPTS);

    runs = 0;
    await expect(
      retryConflicts(async () => {
        runs++;
        throw pgError('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});
