import { amountSchema, formatMinorUnits, toMinorUnits } from '@agent-bo/shared';
import { isApiError } from '../../lib/api-error';

/**
 * Credit moves on the member screen (PRODUCT.md §4): recharge (caller → child), withdraw
 * (child → caller), relief (caller → child player). Previews use bigint minor units only.
 */
export type CreditOp = 'recharge' | 'withdraw' | 'poor';

export interface Balances {
  /** The account that pays. */
  from: { accountNo: string; before: string; after: string };
  /** The account that receives. */
  to: { accountNo: string; before: string; after: string };
  /** The payer would end below zero (allowed for the house only). */
  overdraws: boolean;
}

export interface Party {
  accountNo: string;
  balance: string;
}

/** The accepted amount in minor units, or the `validation` key of why it is refused. */
export function parseAmount(value: string | undefined): { ok: true; minor: bigint; text: string } | { ok: false; key: string } {
  if (value === undefined || value.trim() === '') return { ok: false, key: 'amount.required' };
  const parsed = amountSchema.safeParse(value);
  if (!parsed.success) return { ok: false, key: parsed.error.issues[0]?.message ?? 'amount.format' };
  return { ok: true, minor: toMinorUnits(parsed.data), text: formatMinorUnits(toMinorUnits(parsed.data)) };
}

/**
 * Both balances before and after moving `amountMinor` between the caller and the child. The
 * house (the caller at level 0) may go below zero; anyone else may not.
 */
export function creditPreview(op: CreditOp, caller: Party & { isHouse: boolean }, child: Party, amountMinor: bigint): Balances {
  const payer = op === 'withdraw' ? child : caller;
  const payee = op === 'withdraw' ? caller : child;
  const payerAfter = toMinorUnits(payer.balance) - amountMinor;
  const payeeAfter = toMinorUnits(payee.balance) + amountMinor;
  const payerIsHouse = op !== 'withdraw' && caller.isHouse;
  return {
    from: { accountNo: payer.accountNo, before: formatMinorUnits(toMinorUnits(payer.balance)), after: formatMinorUnits(payerAfter) },
    to: { accountNo: payee.accountNo, before: formatMinorUnits(toMinorUnits(payee.balance)), after: formatMinorUnits(payeeAfter) },
    overdraws: payerAfter < 0n && !payerIsHouse,
  };
}

/** A fresh idempotency key (UUID v4); works outside secure contexts too. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * One key per dialog opening, kept while the same submission (same amount and memo) is retried,
 * so a retry after a lost answer is replayed by the server instead of moving credit twice. A
 * changed submission gets a new key, and so does one after a definitive server answer
 * (`forget`): the server binds a key to its first outcome, a refusal included, so trying again
 * after a refusal is a new request.
 */
export function createKeyKeeper(generate: () => string = newIdempotencyKey) {
  let current: { signature: string; key: string } | null = null;
  return {
    keyFor(signature: string): string {
      if (!current || current.signature !== signature) current = { signature, key: generate() };
      return current.key;
    },
    forget(): void {
      current = null;
    },
  };
}

/**
 * True when the server gave a definitive answer to a credit call: a refusal in the envelope,
 * whether sent with HTTP 200 or a 4xx status. The key is then spent on that outcome. A lost
 * answer, a timeout or a 5xx is not definitive: the key is kept so the retry is replayed.
 */
export function isDefinitiveRefusal(error: unknown): boolean {
  if (!isApiError(error) || error.code === undefined) return false;
  return error.kind === 'envelope' || (error.kind === 'http' && (error.status ?? 500) < 500);
}

/** May the viewer move credit with this row? Direct children only, writers only, unrestricted rows only. */
export function canMoveCredit(
  viewer: { id: number; write: boolean },
  row: {
    parentId: number;
    isDisabled: boolean;
    isFullDisabled: boolean;
    isFullReadonly: boolean;
    inheritedFullDisabled?: boolean;
    inheritedFullReadonly?: boolean;
  },
): boolean {
  if (!viewer.write || row.parentId !== viewer.id) return false;
  return !(row.isDisabled || row.isFullDisabled || row.isFullReadonly || row.inheritedFullDisabled || row.inheritedFullReadonly);
}
