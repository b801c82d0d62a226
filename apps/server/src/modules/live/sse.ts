/** Server-Sent Events framing (WHATWG HTML §9.2): what the live stream writes to the socket. */

/** One named event; JSON has no raw line breaks, so `data` is always a single line. */
export function sseEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: ignored by clients, it keeps idle proxies and load balancers from closing the stream. */
export function sseComment(text: string): string {
  return `: ${text}\n\n`;
}
