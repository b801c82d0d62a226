import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PROVIDER_BATCH_MAX,
  PROVIDER_BODY_LIMIT,
  cancelBetsRequestSchema,
  envelopeSchema,
  gameSyncRequestSchema,
  gameSyncResultSchema,
  placeBetsRequestSchema,
  providerBatchResultSchema,
  resettleBetsRequestSchema,
  settleBetsRequestSchema,
  walletBatchResultSchema,
  walletTransferRequestSchema,
} from '@agent-bo/shared';
import { AppError } from '../../lib/app-error.js';
import { markProviderCall } from '../../core/metrics-events.js';
import { localeOf, ok } from '../../plugins/envelope.js';
import type { ProviderContext } from './context.js';
import { cancelBets, placeBets, resettleBets, settleBets } from './service.js';
import { siteOfBody, verifyProviderCall, type ProviderRow } from './signature.js';
import { walletTransfers } from './wallet.js';
import { syncProviderGames } from '../material/index.js';

interface RawState {
  raw: Buffer;
  /** The body was not JSON: answered BAD_REQUEST, but only after the signature check. */
  invalid: boolean;
  provider?: ProviderRow;
}

/**
 * The provider API (PRODUCT.md §5), registered under `<apiPrefix>/provider/v1`: signed batch
 * calls from game providers' servers. No session: the HMAC signature of the raw body is the
 * authentication (signature.ts). This plugin is encapsulated: its JSON parser keeps the raw bytes
 * for the signature and applies to these routes only.
 */
export async function providerApiRoutes(app: FastifyInstance) {
  const raw = new WeakMap<FastifyRequest, RawState>();
  const jsonParser = app.getDefaultJsonParser('error', 'error');

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: PROVIDER_BODY_LIMIT }, (request, body, done) => {
    const buffer = body as Buffer;
    const state: RawState = { raw: buffer, invalid: false };
    raw.set(request, state);
    if (buffer.length === 0) return done(null, undefined);
    jsonParser(request, buffer.toString('utf8'), (err, parsed) => {
      if (err) {
        state.invalid = true;
        return done(null, undefined);
      }
      return done(null, parsed);
    });
  });

  // The signature is checked before the body is validated, so an unsigned caller learns nothing.
  app.addHook('preValidation', async (request) => {
    const state = raw.get(request) ?? { raw: Buffer.alloc(0), invalid: false };
    const anyStatus = (request.routeOptions.config as { providerAnyStatus?: boolean } | undefined)?.providerAnyStatus === true;
    // The body names the site (`siteId`, inside the signed bytes): its merchant account's secret checks the call.
    const site = state.invalid ? undefined : siteOfBody(request.body);
    state.provider = await verifyProviderCall(app.db, request.headers, state.raw, site, app.config.now(), { anyStatus });
    markProviderCall(request, state.provider.providerCode);
    raw.set(request, state);
    if (state.invalid) throw new AppError('BAD_REQUEST');
  });

  const context = (request: FastifyRequest, siteId: ProviderContext['siteId']): ProviderContext => {
    const provider = raw.get(request)?.provider;
    // The validated body names the very site whose secret verified the call.
    if (!provider || provider.siteId !== siteId) throw new AppError('PROVIDER_SIGNATURE_INVALID');
    return { db: app.db, siteId, providerCode: provider.providerCode, locale: localeOf(request) };
  };

  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = {
    bodyLimit: PROVIDER_BODY_LIMIT,
    // Signed server-to-server traffic: the per-IP limit of the back office would throttle a
    // provider's batches. Unsigned calls cost one indexed lookup before they are refused.
    config: { rateLimit: false as const },
  };
  const schemaOf = <B>(summary: string, body: B, response: unknown = envelopeSchema(providerBatchResultSchema)) => ({
    tags: ['provider API'],
    summary,
    description:
      `Signed with the provider's shared secret: \`x-provider-code\`, \`x-timestamp\` (unix ms, at most 5 minutes ` +
      `from the server's clock) and \`x-signature\` = hex HMAC-SHA256(secret, \`\${timestamp}.\${rawBody}\`) over the ` +
      `exact bytes sent. 1..${PROVIDER_BATCH_MAX} items; each is answered OK, DUPLICATE (an identical replay: ` +
      `nothing changed) or REFUSED with an error code. See docs/REPORTS.md.`,
    security: [{ providerCode: [], providerTimestamp: [], providerSignature: [] }],
    body,
    response: { 200: response },
  });

  r.post('/bets/place', { ...common, schema: schemaOf('Place bets (status Unsettled)', placeBetsRequestSchema) }, async (req) =>
    ok(await placeBets(context(req, req.body.siteId), req.body.items)),
  );
  r.post(
    '/bets/settle',
    { ...common, schema: schemaOf('Settle Unsettled bets (rollups updated in the same transaction)', settleBetsRequestSchema) },
    async (req) => ok(await settleBets(context(req, req.body.siteId), req.body.items)),
  );
  r.post('/bets/cancel', { ...common, schema: schemaOf('Cancel Unsettled bets', cancelBetsRequestSchema) }, async (req) =>
    ok(await cancelBets(context(req, req.body.siteId), req.body.items)),
  );
  r.post(
    '/bets/resettle',
    {
      ...common,
      schema: schemaOf(
        'Resettle Settled bets: the current version becomes Superseded, a new version is Settled',
        resettleBetsRequestSchema,
      ),
    },
    async (req) => ok(await resettleBets(context(req, req.body.siteId), req.body.items)),
  );

  const walletResponse = envelopeSchema(walletBatchResultSchema);
  r.post(
    '/wallet/transfer_out',
    {
      ...common,
      schema: schemaOf(
        "Player → provider: the player's main balance down, the house up (TRANSFER_OUT). Refused for a restricted or unverified player, a provider not enabled for the player, an insufficient balance",
        walletTransferRequestSchema,
        walletResponse,
      ),
    },
    async (req) => ok(await walletTransfers(context(req, req.body.siteId), 'out', req.body.items)),
  );
  r.post(
    '/wallet/transfer_in',
    {
      ...common,
      // Credit must be able to come home: accepted whatever the provider's status or the site's offering.
      config: { ...common.config, providerAnyStatus: true },
      schema: schemaOf(
        "Provider → player: the house down, the player's main balance up (TRANSFER_IN). Any player of the site, even restricted; no cap (winnings come back too)",
        walletTransferRequestSchema,
        walletResponse,
      ),
    },
    async (req) => ok(await walletTransfers(context(req, req.body.siteId), 'in', req.body.items)),
  );

  r.post(
    '/games/sync',
    {
      ...common,
      // A provider under maintenance still tells the site which games it has.
      config: { ...common.config, providerAnyStatus: true },
      schema: {
        ...schemaOf(
          "The provider's whole game list for the site: new games are added, listed ones get the provider's names, category, RTP, " +
            "thumbnail and status (the operator's own edits stay), games missing from the list become unavailable (never deleted). " +
            'Pushing the same list again changes nothing',
          gameSyncRequestSchema,
          envelopeSchema(gameSyncResultSchema),
        ),
        description:
          `Signed with the provider's shared secret, as every provider call (\`x-provider-code\`, \`x-timestamp\`, \`x-signature\`). ` +
          'Up to 2,000 games; a code appears once. See docs/REPORTS.md.',
      },
    },
    async (req) => {
      const { siteId, providerCode } = context(req, req.body.siteId);
      return ok(await syncProviderGames(app.db, siteId, providerCode, req.body.games));
    },
  );
}
