import type { Locale } from './locales.js';
import { en } from './error-messages/en.js';
import { th } from './error-messages/th.js';
import { vi } from './error-messages/vi.js';
import { zh_TW } from './error-messages/zh_TW.js';

/**
 * The server's error catalogue. Every failure answers with the envelope
 * `{ code, message, success: false, data }`: `code` is the number below, `message` the text
 * translated into the caller's language. `status` is the HTTP status sent with it; only
 * UNAUTHORIZED carries 401, which makes the web client sign the user out (spec §8).
 */
export const ERRORS = {
  BAD_REQUEST: { code: 400, status: 400 },
  UNAUTHORIZED: { code: 401, status: 401 },
  FORBIDDEN: { code: 403, status: 403 },
  NOT_FOUND: { code: 404, status: 404 },
  METHOD_NOT_ALLOWED: { code: 405, status: 405 },
  CONFLICT: { code: 409, status: 409 },
  PAYLOAD_TOO_LARGE: { code: 413, status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { code: 415, status: 415 },
  TOO_MANY_REQUESTS: { code: 429, status: 429 },
  INTERNAL: { code: 500, status: 500 },
  SERVICE_UNAVAILABLE: { code: 503, status: 503 },
  VALIDATION_FAILED: { code: 1000, status: 400 },
  INVALID_CREDENTIALS: { code: 1001, status: 400 },
  ACCOUNT_DISABLED: { code: 1002, status: 403 },
  SIGNIN_LOCKED: { code: 1003, status: 429 },
  SITE_MISMATCH: { code: 1004, status: 400 },
  ACCOUNT_NOT_FOUND: { code: 1005, status: 404 },
  PERMISSION_DENIED: { code: 1006, status: 403 },
  INVALID_TEXT: { code: 1007, status: 400 },
  PASSWORD_HAS_ACCOUNT_INFO: { code: 1008, status: 400 },
  PASSWORD_TOO_COMMON: { code: 1009, status: 400 },
  // Why a session no longer signs requests in (401 like UNAUTHORIZED: the client signs out and says this).
  SESSION_EXPIRED: { code: 1010, status: 401 },
  SESSION_ENDED: { code: 1011, status: 401 },
  SESSION_ACCOUNT_DISABLED: { code: 1012, status: 401 },
  // One-time codes (issue 33): one answer for a wrong, expired, used or burned code, and for no code at all.
  CODE_INVALID: { code: 1013, status: 400 },
  CONTACT_TAKEN: { code: 1014, status: 409 },
  // Sign-in security (issue 33): what a session must do first, second factors, address lists, QR.
  PASSWORD_CHANGE_REQUIRED: { code: 1015, status: 403 },
  PASSWORD_EXPIRED: { code: 1016, status: 403 },
  SECOND_FACTOR_INVALID: { code: 1017, status: 400 },
  SECOND_FACTOR_ENROLMENT_REQUIRED: { code: 1018, status: 403 },
  SIGN_IN_CHALLENGE_EXPIRED: { code: 1019, status: 401 },
  ADDRESS_NOT_ALLOWED: { code: 1020, status: 403 },
  QR_SIGN_IN_EXPIRED: { code: 1021, status: 410 },
  ACCOUNT_NO_TAKEN: { code: 2001, status: 409 },
  RATIO_ABOVE_PARENT: { code: 2002, status: 400 },
  RATIO_BELOW_CHILD: { code: 2003, status: 400 },
  PROVIDER_NOT_ALLOWED: { code: 2004, status: 400 },
  BET_LIMIT_NOT_ALLOWED: { code: 2005, status: 400 },
  CALLER_READ_ONLY: { code: 2006, status: 403 },
  MOVE_NOT_ALLOWED: { code: 2007, status: 400 },
  INVITE_INVALID: { code: 2008, status: 400 },
  VERIFY_NOT_PENDING: { code: 2009, status: 409 },
  WRONG_PASSWORD: { code: 2010, status: 400 },
  STATUS_NOT_APPLICABLE: { code: 2011, status: 400 },
  PERMISSION_NOT_HELD: { code: 2012, status: 403 },
  RESTRICTION_SET_ABOVE: { code: 2013, status: 403 },
  RESET_REQUEST_NOT_FOUND: { code: 2014, status: 404 },
  ADDRESS_LIST_INVALID: { code: 2015, status: 400 },
  SESSION_NOT_FOUND: { code: 2016, status: 404 },
  SECOND_FACTOR_NOT_ENROLLED: { code: 2017, status: 409 },
  SECOND_FACTOR_ALREADY_ENROLLED: { code: 2018, status: 409 },
  INSUFFICIENT_BALANCE: { code: 3001, status: 400 },
  TARGET_RESTRICTED: { code: 3002, status: 400 },
  NOT_DIRECT_CHILD: { code: 3003, status: 400 },
  IDEMPOTENCY_CONFLICT: { code: 3004, status: 409 },
  IDEMPOTENCY_KEY_REQUIRED: { code: 3005, status: 400 },
  RELIEF_NOT_ELIGIBLE: { code: 3006, status: 400 },
  RELIEF_DAILY_CAP: { code: 3007, status: 400 },
  TRANSFER_ABOVE_POSITION: { code: 3008, status: 400 },
  PROVIDER_SIGNATURE_INVALID: { code: 4001, status: 401 },
  PROVIDER_TIMESTAMP_STALE: { code: 4002, status: 401 },
  PROVIDER_UNKNOWN: { code: 4003, status: 401 },
  PROVIDER_NOT_ACTIVE: { code: 4004, status: 403 },
  PROVIDER_NOT_OFFERED: { code: 4005, status: 403 },
  PROVIDER_NOT_ENABLED: { code: 4006, status: 403 },
  PLAYER_NOT_FOUND: { code: 4007, status: 404 },
  PLAYER_RESTRICTED: { code: 4008, status: 403 },
  PLAYER_UNVERIFIED: { code: 4009, status: 403 },
  BET_NOT_FOUND: { code: 4010, status: 404 },
  BET_STATE_CONFLICT: { code: 4011, status: 409 },
  BET_CONTENT_CONFLICT: { code: 4012, status: 409 },
  TRANSFER_HELD: { code: 4013, status: 409 },
  PROVIDER_ENDPOINT_MISSING: { code: 4014, status: 409 },
  PULL_BACK_PENDING: { code: 4015, status: 502 },
  PULL_BACK_REFUSED: { code: 4016, status: 409 },
  PROVIDER_UNREACHABLE: { code: 4017, status: 502 },
  PROVIDER_ENDPOINT_NOT_ALLOWED: { code: 4018, status: 400 },
  CONTENT_NOT_FOUND: { code: 5001, status: 404 },
  CONTENT_VERSION_STALE: { code: 5002, status: 409 },
  CONTENT_NOT_ACTIVITY: { code: 5003, status: 400 },
  IMAGE_NOT_FOUND: { code: 5004, status: 400 },
  IMAGE_TYPE_REFUSED: { code: 5005, status: 415 },
  IMAGE_TOO_LARGE: { code: 5006, status: 413 },
  IMAGE_EMPTY: { code: 5007, status: 400 },
  ROLE_NOT_FOUND: { code: 6001, status: 404 },
  ROLE_VERSION_STALE: { code: 6002, status: 409 },
  ROLE_NAME_TAKEN: { code: 6003, status: 409 },
  ROLE_CODES_NOT_HELD: { code: 6004, status: 403 },
  ROLE_HELD_CONFIRM: { code: 6005, status: 409 },
  ROLE_OWN_ROLES: { code: 6006, status: 403 },
  ROLE_HOLDERS_ELSEWHERE: { code: 6007, status: 403 },
  MATERIAL_NOT_FOUND: { code: 7001, status: 404 },
  MATERIAL_VERSION_STALE: { code: 7002, status: 409 },
  MATERIAL_NAME_TAKEN: { code: 7003, status: 409 },
  MODULE_GAME_TWICE: { code: 7004, status: 400 },
  GAME_PROVIDER_UNKNOWN: { code: 7005, status: 400 },
  STORE_NOT_FOUND: { code: 8001, status: 404 },
  STORE_VERSION_STALE: { code: 8002, status: 409 },
  STORE_CATEGORY_UNKNOWN: { code: 8003, status: 400 },
  STORE_CATEGORY_IN_USE: { code: 8004, status: 409 },
  POINTS_INSUFFICIENT: { code: 8005, status: 400 },
  STORE_OUT_OF_STOCK: { code: 8006, status: 409 },
  STORE_LIMIT_REACHED: { code: 8007, status: 400 },
  STORE_GOODS_UNAVAILABLE: { code: 8008, status: 400 },
  STORE_ORDER_STATE: { code: 8009, status: 409 },
  STORE_NAME_TAKEN: { code: 8010, status: 409 },
  STORE_GOODS_HAS_ORDERS: { code: 8011, status: 409 },
} as const;

export type ErrorName = keyof typeof ERRORS;
export const ERROR_NAMES = Object.keys(ERRORS) as ErrorName[];

export function errorNameForCode(code: number): ErrorName | undefined {
  return ERROR_NAMES.find((name) => ERRORS[name].code === code);
}

/** One locale's messages of the catalogue. */
export type ErrorCatalogue = Record<ErrorName, string>;

/** Messages of the catalogue in every locale; `{{n}}` and `{{entry}}` are filled in where given. */
export const ERROR_MESSAGES: Record<Locale, ErrorCatalogue> = { zh_TW, en, th, vi };

/** What a message may name: a number (`{{n}}`), or the entry of a list that was refused (`{{entry}}`). */
export interface ErrorParams {
  n?: number;
  entry?: string;
}

/** The catalogue message for `name` in `locale`, with its parameters filled in. */
export function errorMessage(name: ErrorName, locale: Locale, params: ErrorParams = {}): string {
  let text = ERROR_MESSAGES[locale][name];
  if (params.n !== undefined) text = text.replace('{{n}}', String(params.n));
  // A function, so a `$` in the entry is taken as it is, not as a replacement pattern.
  if (params.entry !== undefined) text = text.replace('{{entry}}', () => params.entry!);
  return text;
}
