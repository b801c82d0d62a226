/**
 * What an integrator writes against a client generated from the API description: signs in, reads
 * the menu (a recursive schema) and a member list, and sends a signed provider batch. check.mjs
 * generates `./generated/api.d.ts` from a running build, typechecks this file against it and runs
 * it against that build; a description that no longer matches the server fails here, in CI.
 */
import { createHmac } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/api.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

function expect(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`failed: ${what}`);
}

type Batch = paths['/api/provider/v1/bets/place']['post']['requestBody']['content']['application/json'];
const siteId = env('SITE_ID') as Batch['siteId'];
const api = createClient<paths>({ baseUrl: env('API_BASE') });

// Sign in: the typed body and the typed token.
const signin = await api.POST('/api/manage/signin', {
  body: { accountNo: env('ACCOUNT_NO'), password: env('PASSWORD') },
  headers: { 'x-site-id': siteId },
});
expect(signin.data?.success, `sign-in answered ${signin.response.status}`);
// A sign-in answers a session, or a second factor's challenge for an account that has one.
const session = signin.data.data;
expect('token' in session, 'the account asks for a second factor; use one without');
const token: string = session.token;
const signedIn = { authorization: `Bearer ${token}`, 'x-site-id': siteId };

// The menu: items hold items (the recursive MenuItem schema).
const menu = await api.GET('/api/getMenuList', { headers: signedIn });
expect(menu.data?.success, `menu answered ${menu.response.status}`);
type MenuItem = components['schemas']['MenuItem'];
const count = (items: MenuItem[]): number => items.reduce((n, item) => n + 1 + count(item.children ?? []), 0);
expect(count(menu.data.data) > menu.data.data.length, 'the menu has nested entries');

// A member list (the agents right under the admin): paging and typed rows.
const agents = await api.POST('/api/manage/agent/lower_agents', { body: { page: 1, pageSize: 10 }, headers: signedIn });
expect(agents.data?.success, `agent list answered ${agents.response.status}`);
const firstPage = agents.data.data;
expect(firstPage.total > 0 && firstPage.list.length > 0, 'the demo admin has agents');

// A failure is typed too: the envelope of a refused input.
const refused = await api.POST('/api/manage/agent/lower_agents', { body: { page: 0 }, headers: signedIn });
expect(refused.response.status === 400 && refused.error?.success === false, 'a page of 0 is refused with the envelope');

// A provider batch, signed over the exact bytes sent.
const batch: Batch = {
  siteId,
  items: [
    {
      betId: `client-check-${Date.now()}`,
      playerAccountNo: env('PLAYER_ACCOUNT_NO'),
      gameCode: `${env('PROVIDER_CODE')}-G1`,
      gameCategory: 'SLOT',
      roundId: `r${Date.now()}`,
      betAmount: '1.00',
      placedAt: new Date().toISOString(),
    },
  ],
};
const raw = JSON.stringify(batch);
const timestamp = String(Date.now());
const placed = await api.POST('/api/provider/v1/bets/place', {
  body: batch,
  bodySerializer: () => raw,
  headers: {
    'x-provider-code': env('PROVIDER_CODE'),
    'x-timestamp': timestamp,
    'x-signature': createHmac('sha256', env('PROVIDER_SECRET')).update(`${timestamp}.${raw}`).digest('hex'),
  },
});
expect(placed.data?.success, `the batch answered ${placed.response.status}`);
const [result] = placed.data.data.results;
expect(result?.status === 'OK', `the bet was placed (${JSON.stringify(result)})`);

console.log(
  `generated client: signed in as ${session.user.accountNo}, ${count(menu.data.data)} menu entries, ` +
    `${firstPage.total} agents under it, bet ${result.betId} ${result.status}`,
);
