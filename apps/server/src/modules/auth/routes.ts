import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedResponseSchema,
  codeSendRequestSchema,
  codeSigninRequestSchema,
  envelopeSchema,
  secondFactorSigninRequestSchema,
  signedInSchema,
  signinRequestSchema,
  signinResponseSchema,
} from '@agent-bo/shared';
import { localeOf, ok } from '../../plugins/envelope.js';
import { codeContextOf } from '../../plugins/outbound.js';
import { callerOf } from '../../plugins/auth.js';
import { resolveSite } from '../../plugins/site.js';
import { sendSigninCode, signinWithCode } from './code-signin.js';
import { signinWithSecondFactor } from './second-factor.js';
import { signin, signout } from './service.js';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/signin',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Sign in to the back office; returns a bearer token and the user info',
        body: signinRequestSchema,
        response: { 200: envelopeSchema(signinResponseSchema) },
      },
    },
    async (request) => {
      const siteId = resolveSite(request, app.config.siteHosts);
      const ua = request.headers['user-agent'];
      const result = await signin(
        app.db,
        { siteId, accountNo: request.body.accountNo, password: request.body.password, ip: request.ip, userAgent: ua },
        { sessionTtlMinutes: app.config.sessionTtlMinutes, throttle: app.config.throttle, sleep: app.config.sleep, now: app.config.now },
      );
      return ok(result);
    },
  );

  r.post(
    '/manage/signout',
    {
      config: { duringStep: true },
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(z.null()) },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      await signout(app.db, callerOf(request));
      return ok(null);
    },
  );

  r.post(
    '/manage/signin/code/send',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary:
          'Text a sign-in code to the proved phone of the account an account number or phone number names; the same answer whether or not there is one',
        body: codeSendRequestSchema,
        response: { 200: envelopeSchema(acceptedResponseSchema) },
      },
    },
    async (request) => {
      const siteId = resolveSite(request, app.config.siteHosts);
      const input = { siteId, identifier: request.body.identifier, ip: request.ip, locale: localeOf(request) };
      return ok(await sendSigninCode(codeContextOf(app), input, { throttle: app.config.throttle }));
    },
  );

  r.post(
    '/manage/signin/code',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Sign in with a texted code (throttled like a password)',
        body: codeSigninRequestSchema,
        response: { 200: envelopeSchema(signinResponseSchema) },
      },
    },
    async (request) => {
      const siteId = resolveSite(request, app.config.siteHosts);
      const input = { siteId, ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] };
      const options = {
        sessionTtlMinutes: app.config.sessionTtlMinutes,
        throttle: app.config.throttle,
        sleep: app.config.sleep,
        now: app.config.now,
      };
      return ok(await signinWithCode(codeContextOf(app), input, options));
    },
  );

  r.post(
    '/manage/signin/second_factor',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'The second step of a sign-in: the challenge the first answered and an authenticator or recovery code',
        body: secondFactorSigninRequestSchema,
        response: { 200: envelopeSchema(signedInSchema) },
      },
    },
    async (request) => {
      const siteId = resolveSite(request, app.config.siteHosts);
      const input = { siteId, ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] };
      const options = { sessionTtlMinutes: app.config.sessionTtlMinutes, now: app.config.now };
      return ok(await signinWithSecondFactor(app.db, app.config.handoffKey, input, options));
    },
  );
}
