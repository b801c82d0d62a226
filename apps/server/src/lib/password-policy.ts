import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './app-error.js';

/**
 * How many of the most common passwords are refused. The list is zxcvbn-ts's
 * `passwords-common` dictionary (npm `@zxcvbn-ts/language-common`, MIT), ranked most common
 * first; its top 10,000 are the passwords guessers try first. They are compared lower-cased, so
 * `Password1` is refused like `password1`.
 */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase()));
  return common;
}

/** True when `password` is one of the most common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** A nickname shorter than this is only refused as the whole password (a 2-letter name is in many passwords). */
const NICKNAME_MIN_PART = 4;

/**
 * The server's rules for a new password beyond the shared schema's (length, a letter, a digit),
 * on every path that sets one (create agent/player/shadow, register, change own password):
 *
 * - it must not contain the account number, nor the nickname (compared case-insensitively,
 *   spaces ignored in the nickname): the first things a guesser tries for an account;
 * - it must not be one of the most common passwords.
 */
export function assertPasswordAllowed(password: string, account: { accountNo: string; nickName: string }): void {
  const lower = password.toLowerCase();
  const accountNo = account.accountNo.trim().toLowerCase();
  const nickName = account.nickName.replace(/\s+/g, '').toLowerCase();
  if (accountNo.length > 0 && lower.includes(accountNo)) throw new AppError('PASSWORD_HAS_ACCOUNT_INFO');
  const compact = lower.replace(/\s+/g, '');
  if (nickName.length > 0 && (compact === nickName || (nickName.length >= NICKNAME_MIN_PART && compact.includes(nickName)))) {
    throw new AppError('PASSWORD_HAS_ACCOUNT_INFO');
  }
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON');
}
