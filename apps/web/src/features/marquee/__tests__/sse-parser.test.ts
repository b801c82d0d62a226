import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from '../api/sse-parser';

function parse(chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = createSseParser((m) => messages.push(m));
  for (const chunk of chunks) parser.feed(chunk);
  return messages;
}

describe('SSE parser', () => {
  it('dispatches named events at a blank line and skips comments', () => {
    expect(parse([': heartbeat\n\nevent: broadcasts\ndata: []\n\nevent: end\ndata: {"reason":"session"}\n\n'])).toEqual([
      { event: 'broadcasts', data: '[]' },
      { event: 'end', data: '{"reason":"session"}' },
    ]);
  });

  it('joins data lines, defaults the event name, and waits for the blank line', () => {
    expect(parse(['data: a\ndata:b\n\ndata: unfinished\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('reads events split anywhere across chunks, CRLF and CR included', () => {
    const text = 'event: broadcasts\r\ndata: [1]\r\n\r\nevent: broadcasts\rdata: [2]\r\r';
    const expected = [
      { event: 'broadcasts', data: '[1]' },
      { event: 'broadcasts', data: '[2]' },
    ];
    for (let cut = 1; cut < text.length; cut++) expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
    expect(parse(text.split(''))).toEqual(expected);
    // CRLF then LF, one character at a time: the LF after a CRLF is still a line end
    expect(parse('data: x\r\n\n'.split(''))).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('ignores a block without data and fields it does not know', () => {
    expect(parse(['event: ping\n\nid: 7\nretry: 10\nevent: broadcasts\ndata: []\n\n'])).toEqual([{ event: 'broadcasts', data: '[]' }]);
  });
});
