import type http from 'node:http';
import { ERRORS, errorMessage } from '@agent-bo/shared';
import { keepAliveAgent, request, sleep, type Account, type Reply } from '../ledger-load/harness.js';

/**
 * Mixed write traffic for the fault tests: clients signed in as agents that move credit with
 * their direct children, grant relief, edit them and change their status, each request with a
 * fresh idempotency key. Every answer is sorted: a success, a refusal the state explains, a 503
 * in the envelope with Retry-After, or a problem (any other 5xx, an unexplained refusal, no answer).
 */

/** Refusals the random traffic may meet: the request is valid, the state says no. */
export const STATE_REFUSALS = new Set<number>(
  (
    [
      'INSUFFICIENT_BALANCE',
      'TARGET_RESTRICTED',
      'RELIEF_NOT_ELIGIBLE',
      'RELIEF_DAILY_CAP',
      'TRANSFER_ABOVE_POSITION',
      'RATIO_ABOVE_PARENT',
      'RATIO_BELOW_CHILD',
      'MOVE_NOT_ALLOWED',
      'NOT_DIRECT_CHILD',
      'ACCOUNT_NOT_FOUND',
      'CALLER_READ_ONLY',
      'PROVIDER_NOT_ALLOWED',
      'BET_LIMIT_NOT_ALLOWED',
      'PULL_BACK_REFUSED',
    ] as const
  ).map((n) => ERRORS[n].code),
);

export interface Tally {
  ok: number;
  refused: number;
  unavailable: number;
  /** Answers that break the contract (5xx other than 503, 503 without Retry-After, …). */
  problems: string[];
  byStatus: Record<string, number>;
}

export function newTally(): Tally {
  return { ok: 0, refused: 0, unavailable: 0, problems: [], byStatus: {} };
}

const UNAVAILABLE_MESSAGE = errorMessage('SERVICE_UNAVAILABLE', 'en');

/** Files one reply in `t`; `what` names the request in problems. */
export function tally(t: Tally, what: string, reply: Reply): void {
  if (reply.kind !== 'answer') {
    t.problems.push(`${what}: ${reply.kind}${reply.kind === 'error' ? ` ${reply.message}` : ''}`);
    return;
  }
  t.byStatus[reply.status] = (t.byStatus[reply.status] ?? 0) + 1;
  const b = reply.body;
  if (reply.status === 200 && b.success) {
    t.ok++;
  } else if (reply.status === 503) {
    t.unavailable++;
    const retryAfter = Number(reply.headers['retry-after']);
    if (!(retryAfter > 0)) t.problems.push(`${what}: 503 without Retry-After`);
    if (b.success !== false || b.code !== ERRORS.SERVICE_UNAVAILABLE.code || b.message !== UNAVAILABLE_MESSAGE)
      t.problems.push(`${what}: 503 outside the envelope ${JSON.stringify(b)}`);
  } else if (reply.status >= 500) {
    t.problems.push(`${what}: ${reply.status} ${JSON.stringify(b)}`);
  } else if (!b.success && STATE_REFUSALS.has(b.code)) {
    t.refused++;
  } else {
    t.problems.push(`${what}: unexpected ${reply.status} ${JSON.stringify(b)}`);
  }
}

export interface TrafficClient {
  accountNo: string;
  token: string;
  children: Account[];
  /** Also disable and re-enable children (only for a caller every policy lets lift what it set). */
  statusToggles?: boolean;
}

let keys = 0;
function freshKey(run: string): string {
  keys += 1;
  return `${run}-${process.pid}-${keys}`;
}

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

/**
 * One write of the mix for `c`: recharge or withdraw (one statement), relief (a transaction that
 * locks, then checks), a nickname edit or a status toggle (transactions) on a random direct child.
 */
export function oneWrite(port: number, c: TrafficClient, run: string, agent: http.Agent): { what: string; sent: Promise<Reply> } {
  const child = pick(c.children);
  const side = child.kind === 'AGENT' ? 'agent' : 'player';
  const send = (url: string, body: Record<string, unknown>, key?: string) =>
    request(port, 'POST', url, {
      token: c.token,
      body,
      headers: { 'accept-language': 'en', ...(key ? { 'idempotency-key': key } : {}) },
      timeoutMs: 30_000,
      agent,
    });
  const r = Math.random();
  const amount = `${1 + Math.floor(Math.random() * 20)}.00`;
  if (r < 0.5) {
    const op = Math.random() < 0.5 ? 'recharge' : 'withdraw';
    const url = `/api/manage/${side}/${op}`;
    return { what: `${c.accountNo} ${url}`, sent: send(url, { id: child.id, amount }, freshKey(run)) };
  }
  if (r < 0.65 && child.kind === 'PLAYER') {
    const url = '/api/manage/player/poor';
    return { what: `${c.accountNo} ${url}`, sent: send(url, { id: child.id, amount: '1.00' }, freshKey(run)) };
  }
  if (r < 0.85 || !c.statusToggles) {
    const url = `/api/manage/${side}/change_account_info`;
    return { what: `${c.accountNo} ${url}`, sent: send(url, { id: child.id, nickName: `n${Math.floor(Math.random() * 1e6)}` }) };
  }
  // A status toggle that leaves the child writable at the end of each pair: disable, then enable.
  const url = `/api/manage/${side}/change_status`;
  return {
    what: `${c.accountNo} ${url}`,
    sent: send(url, { id: child.id, action: 'DISABLE' }).then((first) =>
      first.kind === 'answer' && first.body.success ? send(url, { id: child.id, action: 'ACTIVE' }) : first,
    ),
  };
}

/** Runs `oneWrite` on every client in a loop until `until()` says stop; files every answer in `t`. */
export async function runTraffic(port: number, clients: TrafficClient[], run: string, t: Tally, until: () => boolean): Promise<void> {
  await Promise.all(
    clients.map(async (c) => {
      const agent = keepAliveAgent();
      try {
        while (!until()) {
          const { what, sent } = oneWrite(port, c, run, agent);
          const reply = await sent;
          tally(t, what, reply);
          // After a 503, do what the header asks, shortened: the test has a clock to keep.
          if (reply.kind === 'answer' && reply.status === 503) await sleep(100);
        }
      } finally {
        agent.destroy();
      }
    }),
  );
}
