import type { FastifyBaseLogger } from 'fastify';
import type { ContactChannel, Locale } from '@agent-bo/shared';
import type { Db } from '../db/client.js';
import { outboundMessages } from '../db/schema/index.js';
import { outboxDriver } from '../lib/messaging/outbox-driver.js';
import { smsHttpDriver } from '../lib/messaging/sms-http-driver.js';
import { smtpDriver } from '../lib/messaging/smtp-driver.js';
import type { MessagingConfig } from '../config.js';
import type { MessageDriver } from '../lib/messaging/types.js';

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

/** What a code message says, in the language of the person who asked for it. */
export type CodePurpose = 'SIGNIN' | 'RESET' | 'VERIFY';

const CODE_TEXTS: Record<Locale, { subject: Record<CodePurpose, string>; text: Record<CodePurpose, string> }> = {
  zh_TW: {
    subject: { SIGNIN: '登入驗證碼', RESET: '重設密碼驗證碼', VERIFY: '聯絡方式驗證碼' },
    text: {
      SIGNIN: '您的登入驗證碼：{{code}}（5 分鐘內有效）。請勿提供給任何人。',
      RESET: '您的重設密碼驗證碼：{{code}}（5 分鐘內有效）。若非本人操作，請忽略並告知上級。',
      VERIFY: '您的驗證碼：{{code}}（5 分鐘內有效），用於確認此聯絡方式。',
    },
  },
  en: {
    subject: { SIGNIN: 'Your sign-in code', RESET: 'Your password reset code', VERIFY: 'Your verification code' },
    text: {
      SIGNIN: 'Your sign-in code is {{code}} (valid 5 minutes). Never share it with anyone.',
      RESET: 'Your password reset code is {{code}} (valid 5 minutes). If you did not ask for it, ignore it and tell your upper agent.',
      VERIFY: 'Your code is {{code}} (valid 5 minutes); it confirms this contact for your account.',
    },
  },
  th: {
    subject: { SIGNIN: 'รหัสเข้าสู่ระบบ', RESET: 'รหัสรีเซ็ตรหัสผ่าน', VERIFY: 'รหัสยืนยัน' },
    text: {
      SIGNIN: 'รหัสเข้าสู่ระบบของคุณคือ {{code}} (ใช้ได้ 5 นาที) ห้ามบอกรหัสนี้กับผู้อื่น',
      RESET: 'รหัสรีเซ็ตรหัสผ่านของคุณคือ {{code}} (ใช้ได้ 5 นาที) หากคุณไม่ได้ขอ โปรดเพิกเฉยและแจ้งเอเจนต์ระดับบน',
      VERIFY: 'รหัสของคุณคือ {{code}} (ใช้ได้ 5 นาที) เพื่อยืนยันช่องทางติดต่อนี้',
    },
  },
  vi: {
    subject: { SIGNIN: 'Mã đăng nhập', RESET: 'Mã đặt lại mật khẩu', VERIFY: 'Mã xác minh' },
    text: {
      SIGNIN: 'Mã đăng nhập của bạn là {{code}} (hiệu lực 5 phút). Không chia sẻ mã này với bất kỳ ai.',
      RESET:
        'Mã đặt lại mật khẩu của bạn là {{code}} (hiệu lực 5 phút). Nếu không phải bạn yêu cầu, hãy bỏ qua và báo cho đại lý cấp trên.',
      VERIFY: 'Mã của bạn là {{code}} (hiệu lực 5 phút), dùng để xác nhận liên hệ này.',
    },
  },
};

export function codeMessage(purpose: CodePurpose, code: string, locale: Locale): { subject: string; text: string } {
  const texts = CODE_TEXTS[locale];
  return { subject: texts.subject[purpose], text: texts.text[purpose].replace('{{code}}', code) };
}
