import type { FastifyBaseLogger } from 'fastify';
import type { ContactChannel } from '@agent-bo/shared';
import type { Db } from '../db/client.js';
import { outboundMessages } from '../db/schema/index.js';
import { outboxDriver } from '../lib/messaging/outbox-driver.js';
import { smsHttpDriver } from '../lib/messaging/sms-http-driver.js';
import { smtpDriver } from '../lib/messaging/smtp-driver.js';
import type { MessagingConfig } from '../config.js';
import type { MessageDriver } from '../lib/messaging/types.js';

export { codeMessage, type CodePurpose } from '../lib/messaging/code-texts.js';

/**
 * The one outbound channel (issue 33): every phone code and e-mail code leaves through here, by
 * the driver its channel is set to (MessagingConfig), and every message is recorded in
 * outbound_messages, sent or not. Sending happens after the code's own transaction has
 * committed, so a slow gateway never holds a lock, and its failure is recorded and logged but
 * never told to the person asking (that would say the account has a contact).
 */
export class Outbound {
  private readonly drivers: Record<ContactChannel, MessageDriver>;

  constructor(
    config: MessagingConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.drivers = {
      email: config.email.driver === 'smtp' ? smtpDriver(config.email.url, config.email.from) : outboxDriver,
      sms: config.sms.driver === 'http' ? smsHttpDriver(config.sms.url, config.sms.token, config.sms.timeoutMs) : outboxDriver,
    };
  }

  driverOf(channel: ContactChannel): MessageDriver['name'] {
    return this.drivers[channel].name;
  }

  private readonly pending = new Set<Promise<unknown>>();

  /**
   * Sends in the background: the answer to the person asking never waits for (or depends on) the
   * gateway, so its time cannot tell whether a message went out. `drain` waits for what is on its way.
   */
  dispatch(db: Db, input: Parameters<Outbound['send']>[1]): void {
    const p = this.send(db, input)
      .catch((err: unknown) => this.log.error({ err }, 'an outbound message could not be recorded'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  /** Sends and records one message; true when the driver took it. */
  async send(
    db: Db,
    input: { siteId: string; accountId: number | null; channel: ContactChannel; to: string; subject: string; text: string },
  ): Promise<boolean> {
    const driver = this.drivers[input.channel];
    let error: string | null = null;
    try {
      await driver.send({ channel: input.channel, to: input.to, subject: input.subject, text: input.text });
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      this.log.warn({ channel: input.channel, driver: driver.name, err: error }, 'an outbound message was not delivered');
    }
    await db.insert(outboundMessages).values({
      siteId: input.siteId,
      accountId: input.accountId,
      channel: input.channel,
      driver: driver.name,
      destination: input.to,
      subject: input.channel === 'email' ? input.subject : null,
      body: driver.keepsText ? input.text : null,
      status: error ? 'FAILED' : 'SENT',
      error,
    });
    return error === null;
  }

  async close(): Promise<void> {
    await this.drain();
    for (const driver of new Set(Object.values(this.drivers))) driver.close?.();
  }
}
