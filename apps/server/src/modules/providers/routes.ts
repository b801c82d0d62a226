import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  providerCodeRequestSchema,
  providerEndpointRequestSchema,
  providerListRequestSchema,
  providerListSchema,
  providerOfferingRequestSchema,
  providerSecretSchema,
  providerStatusRequestSchema,
  reconciliationRequestSchema,
  reconciliationSchema,
} from '@agent-bo/shared';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { requirePermission } from '../../plugins/access.js';
import { changeEndpoint, changeStatus, listProviders, rotateSecret, setSiteOffering, type ProviderContext } from './service.js';
import { reconcile } from './reconciliation.js';

const done = envelopeSchema(z.null());

/**
 * Provider management (`/provider/index`, PRODUCT.md §5). The codes are checked here; the
 * site-admin and writer rules of the writes live in the service.
 */
export async function providerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { security: [{ bearer: [] }], tags: ['providers'] };
  const needs = (code: 'PROVIDER_MAINTAIN' | 'SITE_PROVIDER' | 'PROVIDER_MAINTAIN||SITE_PROVIDER') => ({
    preHandler: [app.authenticate, requirePermission(code)],
  });
  const ctx = (request: FastifyRequest): ProviderContext => ({
    db: app.db,
    caller: callerOf(request),
    ip: request.ip,
    now: app.config.now,
  });

  r.post(
    '/manage/provider/list',
    {
      ...needs('PROVIDER_MAINTAIN||SITE_PROVIDER'),
      schema: {
        ...secured,
        summary:
          "Every provider of the catalogue with this site's own state: status, whether the site offers it, whether the site's secret is set and when it was rotated (never the secret), enabled players, the endpoint (to callers who may maintain the providers); and what the caller may change",
        body: providerListRequestSchema,
        response: { 200: envelopeSchema(providerListSchema) },
      },
    },
    async (req) => ok(await listProviders(app.db, callerOf(req))),
  );

  r.post(
    '/manage/provider/change_status',
    {
      ...needs('PROVIDER_MAINTAIN'),
      schema: {
        ...secured,
        summary:
          "A provider's status on this site only (ACTIVE / DISABLE / MAINTAIN); other sites keep theirs; site admins holding PROVIDER_MAINTAIN only",
        body: providerStatusRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => {
      await changeStatus(ctx(req), req.body);
      return ok(null);
    },
  );

  r.post(
    '/manage/provider/set_site_offering',
    {
      ...needs('SITE_PROVIDER'),
      schema: {
        ...secured,
        summary: "Whether this site offers a provider; accounts' enabled providers are kept; site admins holding SITE_PROVIDER only",
        body: providerOfferingRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => {
      await setSiteOffering(ctx(req), req.body);
      return ok(null);
    },
  );

  r.post(
    '/manage/provider/rotate_secret',
    {
      ...needs('PROVIDER_MAINTAIN'),
      schema: {
        ...secured,
        summary:
          "A new random shared secret of this site's merchant account at the provider (32 bytes, hex), answered once; this site's old one stops working at once, other sites' secrets are untouched; site admins holding PROVIDER_MAINTAIN only",
        body: providerCodeRequestSchema,
        response: { 200: envelopeSchema(providerSecretSchema) },
      },
    },
    async (req, reply) => {
      // The one answer that carries the secret must not be kept by any cache.
      void reply.header('cache-control', 'no-store');
      return ok(await rotateSecret(ctx(req), req.body));
    },
  );

  r.post(
    '/manage/provider/change_endpoint',
    {
      ...needs('PROVIDER_MAINTAIN'),
      schema: {
        ...secured,
        summary:
          "The base URL of the provider's API for this site's merchant account, where pull-backs and the reconciliation report are sent: an absolute http(s) URL of at most 500 characters without user name, password, query or fragment; empty or null clears it (pull-backs are then refused with PROVIDER_ENDPOINT_MISSING); other sites' endpoints are untouched; site admins holding PROVIDER_MAINTAIN only",
        body: providerEndpointRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => {
      await changeEndpoint(ctx(req), req.body, app.config.providerEndpointHosts ?? []);
      return ok(null);
    },
  );

  r.post(
    '/manage/provider/reconciliation',
    {
      ...needs('PROVIDER_MAINTAIN'),
      schema: {
        ...secured,
        summary:
          "One provider, one business day of this site (noon to noon in its time zone): our transfers against the provider's own report (a signed call to its endpoint), the differences, the transfers held for reconciliation and the pull-backs not yet confirmed; the site's admin and its shadows holding PROVIDER_MAINTAIN",
        body: reconciliationRequestSchema,
        response: { 200: envelopeSchema(reconciliationSchema) },
      },
    },
    async (req) => ok(await reconcile(app.db, callerOf(req), req.body, app.config.now)),
  );
}
