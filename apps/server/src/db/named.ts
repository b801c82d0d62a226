import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import pg from 'pg';

type Executor = { execute: (query: SQL) => Promise<{ rows: unknown[] }> };
type WithPool = { $client?: pg.Pool; dialect?: { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } } };

/** Statement names by label and SQL text: one hash per text, not one per call. */
const names = new Map<string, string>();
const MAX_NAMES = 10_000;

/**
 * The statement name of `text`: the label, then a hash of the text, so one name never meets two
 * texts (PostgreSQL refuses a second text under a name a connection already prepared).
 */
export function statementName(label: string, text: string): string {
  const key = `${label}\u0000${text}`;
  let name = names.get(key);
  if (!name) {
    // Texts are few (one per statement shape); the bound only guards against a caller that
    // would build texts from values.
    if (names.size >= MAX_NAMES) names.clear();
    name = `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(key, name);
  }
  return name;
}

/** Whether `q` is the pooled database (a named statement is prepared on each of its connections), not a transaction. */
export function isPooled(q: object): boolean {
  const { $client: pool, dialect } = q as WithPool;
  return Boolean(pool && dialect && typeof pool.query === 'function');
}

/**
 * Runs `query` as a named prepared statement when `q` is the pooled database (parsed and planned
 * once per connection instead of on every call — the hot ledger path); inside a transaction it
 * simply executes. The name is derived from the SQL text, so one name never meets two texts.
 */
export async function executeNamed<T>(q: object, query: SQL): Promise<{ rows: T[] }> {
  const { $client: pool, dialect } = q as WithPool;
  if (pool && dialect && typeof pool.query === 'function') {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await pool.query({ name: statementName('q', text), text, values: params })) as unknown as { rows: T[] };
  }
  return (q as Executor).execute(query) as Promise<{ rows: T[] }>;
}

/**
 * What `db.execute` answers, typed the same: drizzle's node-postgres driver keeps timestamps,
 * dates and intervals (and their arrays) as the database's text instead of parsing them.
 */
const DRIZZLE_TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string) => value;
const drizzleTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    DRIZZLE_TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A hot read as a named prepared statement of `label` (parsed and planned once per connection):
 * the same rows, typed the same, as `db.execute(query)` would answer; inside a transaction it
 * simply executes.
 *
 * Only for statements whose plan does not depend on the values: the planner's generic plan
 * assumes a default selectivity for every parameter, so a statement that filters on a subtree
 * through the GIN index (`path @> array[$1]`, `agent_path @> $1`) gets one plan for a caller with
 * six accounts below it and for the whole site, and is 5–50× slower for one of them (bet search
 * and logs, docs/PERFORMANCE.md). Such statements keep `db.execute`, planned for their values.
 * The text must depend on the statement's shape only, never on values: each text is a statement
 * on every connection that ran it.
 */
export async function readNamed<T>(q: object, label: string, query: SQL): Promise<{ rows: T[] }> {
  const { $client: pool, dialect } = q as WithPool;
  if (pool && dialect && typeof pool.query === 'function') {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await pool.query({ name: statementName(label, text), text, values: params, types: drizzleTypes });
    return result as unknown as { rows: T[] };
  }
  return (q as Executor).execute(query) as Promise<{ rows: T[] }>;
}

/** `readNamed` when `prepared` (a statement whose plan does not depend on its values), else `db.execute`; the rows. */
export async function readIf<T>(prepared: boolean, q: object, label: string, query: SQL): Promise<T[]> {
  return (prepared ? await readNamed<T>(q, label, query) : await (q as Executor).execute(query)).rows as T[];
}

/** A template's text, its parameter slots (values and placeholders) and its statement name. */
type Compiled = { text: string; params: unknown[]; name: string };
const compiledTemplates = new WeakMap<SQL, Compiled>();

/**
 * `readNamed` for a statement built once per shape and kept by the caller: `template` holds
 * `sql.placeholder(name)` wherever a call's values go. It is compiled to its text and statement
 * name on first use; each call only fills the placeholders from `values` (drizzle's
 * `fillPlaceholders`, which refuses a missing value). Building and compiling a large statement on
 * every call was 7 % of the server's time on the member list. On the pooled database only.
 */
export async function readTemplate<T>(q: object, label: string, template: SQL, values: Record<string, unknown>): Promise<{ rows: T[] }> {
  const { $client: pool, dialect } = q as WithPool;
  if (!pool || !dialect || typeof pool.query !== 'function') throw new Error(`${label}: readTemplate needs the pooled database`);
  let compiled = compiledTemplates.get(template);
  if (!compiled) {
    const { sql: text, params } = dialect.sqlToQuery(template);
    compiled = { text, params, name: statementName(label, text) };
    compiledTemplates.set(template, compiled);
  }
  const result = await pool.query({
    name: compiled.name,
    text: compiled.text,
    values: fillPlaceholders(compiled.params, values),
    types: drizzleTypes,
  });
  return result as unknown as { rows: T[] };
}
