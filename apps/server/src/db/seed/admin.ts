import { parseArgs } from 'node:util';
import { eq, and, isNull } from 'drizzle-orm';
import { ACCOUNT_NO_PATTERN, PERMISSION_CODES, SITE_IDS, newPasswordSchema, type SiteId } from '@agent-bo/shared';
import type { Db } from '../client.js';
import { upsertSites } from './sites.js';
import { accounts, operationLogs } from '../schema/index.js';
import { hashPassword } from '../../lib/password.js';

export const USAGE = `Creates a site's first admin (level 0), for a database with no demo data.

  npm run create-admin -- --site <${SITE_IDS.join('|')}> --account <8-12 letters/digits> --password <password> [--nick <name>]

Uses DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (stop the server first).
Refuses when the site already has an admin.`;

export class CliError extends Error {}

export interface CreateAdminInput {
  site: SiteId;
  accountNo: string;
  password: string;
  nickName?: string;
}

export function parseCreateAdminArgs(argv: string[]): CreateAdminInput {
  const { values } = parseArgs({
    args: argv,
    options: {
      site: { type: 'string' },
      account: { type: 'string' },
      password: { type: 'string' },
      nick: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) throw new CliError(USAGE);
  const problems: string[] = [];
  if (!values.site || !(SITE_IDS as readonly string[]).includes(values.site)) problems.push(`--site must be one of ${SITE_IDS.join(', ')}`);
  if (!values.account || !ACCOUNT_NO_PATTERN.test(values.account)) problems.push('--account must be 8 to 12 letters or digits');
  const pw = newPasswordSchema.safeParse(values.password ?? '');
  if (!pw.success) problems.push('--password must be 8 to 32 characters with at least one letter and one digit');
  if (problems.length) throw new CliError(`${problems.join('\n')}\n\n${USAGE}`);
  return { site: values.site as SiteId, accountNo: values.account!, password: values.password!, nickName: values.nick };
}

/** Inserts the admin; refuses when `site` already has one. Returns the new account id. */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<number> {
  await upsertSites(db);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ accountNo: accounts.accountNo })
      .from(accounts)
      .where(and(eq(accounts.siteId, input.site), isNull(accounts.parentId)));
    if (existing) throw new CliError(`Site ${input.site} already has an admin (${existing.accountNo}); nothing was changed.`);
    const [row] = await tx
      .insert(accounts)
      .values({
        siteId: input.site,
        kind: 'AGENT',
        isShadow: false,
        parentId: null,
        lvl: 0,
        path: [],
        accountNo: input.accountNo,
        nickName: input.nickName ?? 'Administrator',
        passwordHash,
        balance: 0n,
        ratio: 10_000,
        permissions: [...PERMISSION_CODES],
      })
      .returning({ id: accounts.id });
    const id = row!.id;
    await tx.insert(operationLogs).values({
      siteId: input.site,
      operatorId: null,
      targetId: id,
      action: 'AGENT_CREATE',
      before: null,
      after: { accountNo: input.accountNo, lvl: 0, via: 'create-admin' },
    });
    return id;
  });
}
