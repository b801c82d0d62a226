import { z } from 'zod';
import { accountIdSchema } from './auth.js';

/**
 * Address allow-lists (issue 33): the IPv4 and IPv6 blocks an account may sign in and work from,
 * set by its upper agents. Every list on the account's chain applies (its own and each
 * ancestor's), so a lower level only narrows what the levels above allow. The server parses and
 * normalises entries (ADDRESS_LIST_INVALID names the first it cannot read).
 */

/** At most this many entries in one list. */
export const ADDRESS_LIST_MAX_ENTRIES = 50;

/** The kinds of account a list is set on: the ones that sign in to the back office. */
export const ADDRESS_LIST_KINDS = ['agent', 'shadow'] as const;
export type AddressListKind = (typeof ADDRESS_LIST_KINDS)[number];

/**
 * A new list for an account: addresses (`203.0.113.7`, `2001:db8::1`) and blocks (`203.0.113.0/24`,
 * `2001:db8::/32`); blank entries are ignored; an empty list removes the account's own list.
 */
export const addressListChangeRequestSchema = z.strictObject({
  id: accountIdSchema,
  cidrs: z.array(z.string().max(100)).max(ADDRESS_LIST_MAX_ENTRIES),
});
export type AddressListChangeRequest = z.infer<typeof addressListChangeRequestSchema>;

/** One list as set on an account: whose it is, its blocks as stored, who set it and when. */
export const addressListSchema = z.object({
  accountId: accountIdSchema,
  accountNo: z.string(),
  cidrs: z.array(z.string()),
  /** The account number of the upper agent who set it last (null when that is not known). */
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AddressList = z.infer<typeof addressListSchema>;

/** What applies to an account: the lists set above it (root first), its own, and where the caller is. */
export const addressListPictureSchema = z.object({
  id: accountIdSchema,
  accountNo: z.string(),
  /** The lists of the account's ancestors (a shadow: its owner's chain), root first. */
  above: z.array(addressListSchema),
  /** The account's own list; null when none is set. */
  own: addressListSchema.nullable(),
  /** The caller's request address as the lists see it, so an agent knows its own. */
  callerAddress: z.string(),
});
export type AddressListPicture = z.infer<typeof addressListPictureSchema>;
