import nodemailer from 'nodemailer';
import type { MessageDriver } from './types.js';

/** E-mail through an SMTP server (SMTP_URL, e.g. `smtps://user:pass@mail.example.com`), by nodemailer. */
export function smtpDriver(url: string, from: string): MessageDriver {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    keepsText: false,
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}
