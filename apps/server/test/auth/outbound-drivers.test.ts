import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { body, call, freshIp, signinAs, useTestApp } from '../helpers.js';

// The real drivers against real servers on loopback ports: an SMTP server (smtp-server, the
// library nodemailer's own tests use) and an HTTP stand-in for an SMS gateway.

const mails: { from: string; to: string[]; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    stream.on('end', () => {
      mails.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        data,
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const texts: { auth: string | undefined; body: unknown }[] = [];
let gatewayStatus = 200;
const gateway = createServer((req: IncomingMessage, res) => {
  let data = '';
  req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
  req.on('end', () => {
    texts.push({ auth: req.headers.authorization, body: JSON.parse(data) });
    res.writeHead(gatewayStatus, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
const gatewayPort = (gateway.address() as AddressInfo).port;

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

const ctx = useTestApp({
  messaging: {
    email: { driver: 'smtp', url: `smtp://127.0.0.1:${smtpPort}`, from: 'Back office <no-reply@example.test>' },
    sms: { driver: 'http', url: `http://127.0.0.1:${gatewayPort}/send`, token: 'gateway-token-1', timeoutMs: 5000 },
  },
});

async function recorded(destination: string) {
  await ctx.app.outbound.drain();
  const { rows } = await ctx.database.pool.query(
    'select driver, status, body, error, subject from outbound_messages where destination = $1 order by id desc limit 1',
    [destination],
  );
  return rows[0];
}

describe('outbound drivers', () => {
  it('e-mail goes through SMTP from MAIL_FROM; the record keeps no text', async () => {
    const token = await signinAs(ctx.app, 'agentA02', { ip: freshIp() });
    const res = await call(
      ctx.app,
      'POST',
      '/api/manage/contact/start',
      { channel: 'email', destination: 'a02@example.test' },
      { token, lang: 'en' },
    );
    expect(body(res).success).toBe(true);
    expect(await recorded('a02@example.test')).toEqual({
      driver: 'smtp',
      status: 'SENT',
      body: null,
      error: null,
      subject: 'Your verification code',
    });
    const mail = mails.at(-1)!;
    expect(mail.from).toBe('no-reply@example.test');
    expect(mail.to).toEqual(['a02@example.test']);
    const code = mail.data.match(/Your code is (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The code that came by mail proves the address.
    const confirmed = await call(ctx.app, 'POST', '/api/manage/contact/confirm', { channel: 'email', code }, { token });
    expect(body(confirmed).data).toEqual([expect.objectContaining({ channel: 'email', destination: 'a02@example.test' })]);
  });

  it('a text goes to the SMS gateway as {to, text} with its bearer token', async () => {
    const token = await signinAs(ctx.app, 'agentA03', { ip: freshIp() });
    await call(ctx.app, 'POST', '/api/manage/contact/start', { channel: 'sms', destination: '+66812345678' }, { token, lang: 'th' });
    expect(await recorded('+66812345678')).toMatchObject({ driver: 'http', status: 'SENT', body: null });
    const sent = texts.at(-1)!;
    expect(sent.auth).toBe('Bearer gateway-token-1');
    expect(sent.body).toEqual({ to: '+66812345678', text: expect.stringMatching(/^รหัสของคุณคือ \d{6} /) });
  });

  it('a gateway failure is recorded and logged, and the person asking gets the same answer', async () => {
    gatewayStatus = 503;
    try {
      const token = await signinAs(ctx.app, 'agentB01', { ip: freshIp() });
      const res = await call(ctx.app, 'POST', '/api/manage/contact/start', { channel: 'sms', destination: '+66812345679' }, { token });
      expect(body(res)).toMatchObject({ success: true, data: null });
      expect(await recorded('+66812345679')).toMatchObject({
        driver: 'http',
        status: 'FAILED',
        error: 'SMS gateway answered 503',
        body: null,
      });
    } finally {
      gatewayStatus = 200;
    }
  });
});
