import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  recoveryCodesSchema,
  secondFactorConfirmRequestSchema,
  secondFactorDisableRequestSchema,
  secondFactorStartSchema,
  secondFactorStatusSchema,
} from '@agent-bo/shared';
import { callerOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { callerRateKey } from '../../plugins/security.js';
import { confirmEnrolment, disableSecondFactor, secondFactorStatus, startEnrolment, type SecondFactorContext } from './service.js';

/**
 * Codes a session may try a minute at confirming or disabling: a stolen session cannot try its
 * way through the million codes to turn the factor off.
 */
const CODE_TRIES = { max: 10, timeWindow: 60_000 };

/**
 * The caller's own second factor (issue 33). Every route is open to a session whose step is to
 * enrol (`duringStep`), since that is where such a session is sent.
 */
export async function secondFactorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { tags: ['account'], security: [{ bearer: [] }] };
  const ctx = (request: FastifyRequest): SecondFactorContext => ({
    db: app.db,
    caller: callerOf(request),
    serverKey: app.config.handoffKey,
    ip: request.ip,
    now: app.config.now,
  });

  r.post(
    '/manage/second_factor/status',
    {
      preHandler: app.authenticate,
      config: { duringStep: true },
      schema: {
        ...secured,
        summary: "Whether the caller's second factor is on, required, and how many recovery codes are left",
        response: { 200: envelopeSchema(secondFactorStatusSchema) },
      },
    },
    async (request) => ok(await secondFactorStatus(ctx(request))),
  );

  r.post(
    '/manage/second_factor/start',
    {
      preHandler: app.authenticate,
      config: { duringStep: true },
      schema: {
        ...secured,
        summary: 'Start enrolment: a new authenticator secret (otpauth URI and base32), replacing one not yet confirmed',
        response: { 200: envelopeSchema(secondFactorStartSchema) },
      },
    },
    async (request) => ok(await startEnrolment(ctx(request))),
  );

  r.post(
    '/manage/second_factor/confirm',
    {
      preHandler: app.authenticate,
      config: { duringStep: true, rateLimit: { ...CODE_TRIES, keyGenerator: callerRateKey } },
      schema: {
        ...secured,
        summary: 'Confirm enrolment with a first authenticator code; answers ten recovery codes, once',
        body: secondFactorConfirmRequestSchema,
        response: { 200: envelopeSchema(recoveryCodesSchema) },
      },
    },
    async (request) => ok(await confirmEnrolment(ctx(request), request.body.code)),
  );

  r.post(
    '/manage/second_factor/disable',
    {
      preHandler: app.authenticate,
      config: { duringStep: true, rateLimit: { ...CODE_TRIES, keyGenerator: callerRateKey } },
      schema: {
        ...secured,
        summary: "Turn the caller's second factor off with a fresh authenticator code or a recovery code",
        body: secondFactorDisableRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => ok(await disableSecondFactor(ctx(request), request.body.code)),
  );
}
