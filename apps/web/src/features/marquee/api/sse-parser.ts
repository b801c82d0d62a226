export interface SseMessage {
  event: string;
  data: string;
}

/**
 * A Server-Sent Events parser (WHATWG HTML §9.2.6) for a fetch-read stream: `event` and `data`
 * fields, comments, dispatch at a blank line; chunks may split a line, even a CRLF, anywhere.
 * `id` and `retry` are ignored: the client reconnects on its own back-off and the stream resends
 * the whole list at connect.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): { feed: (chunk: string) => void } {
  let buffer = '';
  /** The last chunk ended in CR: a LF opening the next one belongs to it (one CRLF, not two line ends). */
  let afterCR = false;
  let event = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  return {
    feed(chunk) {
      const text = afterCR && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
      afterCR = text.endsWith('\r');
      const lines = (buffer + text).split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const completed of lines) line(completed);
    },
  };
}
