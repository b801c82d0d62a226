import type { ServerResponse } from 'node:http';
import type { LiveBroadcast } from '@agent-bo/shared';
import { sseComment, sseEvent } from './sse.js';

export interface LiveStreamOptions {
  siteId: string;
  heartbeatMs: number;
  /** False once the session behind the stream is no longer valid (revoked, expired, disabled). */
  sessionValid: () => Promise<boolean>;
  /** Called once, however the stream ends (client gone, session ended, app closing). */
  onClose: (stream: LiveStream) => void;
}

/** One client's open event stream: the broadcasts it is sent and its heartbeat. */
export class LiveStream {
  readonly siteId: string;
  private closed = false;
  private checking = false;
  /** What this client was last sent: an unchanged list (another content type changed) is not sent again. */
  private lastSent: string | null = null;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    private readonly options: LiveStreamOptions,
  ) {
    this.siteId = options.siteId;
    this.heartbeat = setInterval(() => void this.beat(), options.heartbeatMs);
    res.on('close', () => this.finish());
  }

  get open(): boolean {
    return !this.closed;
  }

  sendBroadcasts(broadcasts: LiveBroadcast[]): void {
    const event = sseEvent('broadcasts', broadcasts);
    if (event === this.lastSent) return;
    this.lastSent = event;
    this.write(event);
  }

  /** Ends the stream; with `reason`, an `end` event first tells the client not to reconnect. */
  close(reason?: 'session'): void {
    if (this.closed) return;
    if (reason) this.write(sseEvent('end', { reason }));
    this.res.end();
    this.finish();
  }

  private write(chunk: string): void {
    if (!this.closed && this.res.writable) this.res.write(chunk);
  }

  private async beat(): Promise<void> {
    // A slow check (a busy database) is not stacked up behind itself.
    if (this.checking || this.closed) return;
    this.checking = true;
    let valid = true;
    try {
      valid = await this.options.sessionValid();
    } catch {
      // The check itself failed (database unreachable): keep the stream, the next beat asks again.
    } finally {
      this.checking = false;
    }
    if (valid) this.write(sseComment('heartbeat'));
    else this.close('session');
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    this.options.onClose(this);
  }
}
