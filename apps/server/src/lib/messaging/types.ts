import type { ContactChannel } from '@agent-bo/shared';

/** One message to one person: a text message to a phone or an e-mail. */
export interface OutboundMessage {
  channel: ContactChannel;
  to: string;
  /** E-mail only. */
  subject: string;
  text: string;
}

/**
 * A way out for messages of one channel. `keepsText`: the message's text is the delivery itself
 * (the outbox), so the record of the message keeps it; every other driver's record keeps only
 * whether it went, never the code it carried.
 */
export interface MessageDriver {
  readonly name: 'outbox' | 'smtp' | 'http';
  readonly keepsText: boolean;
  /** Resolves once the message is handed over; rejects with a reason that is safe to log. */
  send(message: OutboundMessage): Promise<void>;
  close?(): void;
}
