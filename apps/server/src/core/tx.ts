import type { Db } from '../db/client.js';

/** An open transaction (the argument of `db.transaction`'s callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The database or an open transaction: what a query helper that may run inside one takes. */
export type Q = Db | Tx;
