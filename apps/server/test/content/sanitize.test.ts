import { beforeAll, describe, expect, it } from 'vitest';
import { testNow } from '../clock.js';
import { signinAs, useTestApp } from '../helpers.js';
import { activity, list, save, type As } from './support.js';

const clock = testNow();
const ctx = useTestApp({ now: () => clock });
const HASH = '0123456789abcdef'.repeat(4);

/**
 * A selection of the OWASP XSS filter-evasion cheat sheet (script tags, event handlers, script
 * URLs hidden by entities, whitespace and case, SVG, frames, styles, data: URLs, malformed tags)
 * plus a few of the mutation tricks that defeat naive sanitizers.
 */
const VECTORS = [
  `<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>`,
  `<script>alert('XSS')</script>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC=\`javascript:alert("RSnake says, 'XSS'")\`>`,
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">decimal</a>`,
  `<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">hex</a>`,
  `<a href="jav\tascript:alert('XSS');">tab</a>`,
  `<a href="jav&#x09;ascript:alert('XSS');">encoded tab</a>`,
  `<a href="jav&#x0A;ascript:alert('XSS');">newline</a>`,
  `<a href=" &#14;  javascript:alert('XSS');">leading</a>`,
  `<a href="JaVaScRiPt:alert(1)">case</a>`,
  `<a href="vbscript:msgbox(1)">vb</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>`,
  `<a href="//evil.example/x">protocol-relative</a>`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<svg/onload=alert('XSS')>`,
  `<svg><script>alert(1)</script></svg>`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">x</DIV>`,
  `<DIV STYLE="width: expression(alert('XSS'));">x</DIV>`,
  `<p style="color:red" class="x" onclick="alert(1)">styled</p>`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<img src="data:image/svg+xml;base64,PHN2Zz4=">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciPjxzY3JpcHQ+YWxlcnQoMSk8L3NjcmlwdD48L3N2Zz4=" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  `<TABLE BACKGROUND="javascript:alert('XSS')">`,
  `<BASE HREF="javascript:alert('XSS');//">`,
  `<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<img src="/api/files/${HASH}" onerror="alert(1)" style="x:expression(alert(1))" alt="ours">`,
  `<img src="/api/files/${HASH}/../../etc/passwd">`,
  `<img src="https://evil.example/${HASH}.png">`,
  `<a href="https://example.com" onclick="alert(1)" target="_top">kept link</a>`,
];

let admin: As;

beforeAll(async () => {
  admin = { token: await signinAs(ctx.app, 'admin001') };
  // The one image the vectors point at exists: a body may show only images that were uploaded.
  await ctx.database.pool.query(`insert into images (id, mime, size, width, height, bytes) values ($1, 'image/png', 1, 1, 1, '\\x00')`, [
    HASH,
  ]);
});

/** Saves `html` as the en body and answers the body stored, read back through the list. */
async function roundTrip(html: string): Promise<string> {
  const { id } = await save(ctx, admin, activity(clock, { body: { zh_TW: '<p>x</p>', en: html } }));
  const item = (await list(ctx, admin, { type: 'ACTIVITY' })).data.list.find((i: { id: number }) => i.id === id);
  return item.body.en as string;
}

/** Markup that could run script: any `<` in the output is a real tag (text is escaped). */
function dangers(html: string): string[] {
  const tags = html.match(/<[^>]*>/g) ?? [];
  const found: string[] = [];
  if (/<\s*(script|iframe|frame|svg|style|object|embed|link|meta|base|math|body|input|table|div)\b/i.test(html)) found.push('tag');
  if (tags.some((t) => /\son[a-z]+\s*=/i.test(t))) found.push('handler');
  if (tags.some((t) => /\s(style|class|background|data|srcset)\s*=/i.test(t))) found.push('attribute');
  if (/javascript:|vbscript:|data:/i.test(html)) found.push('url');
  for (const t of tags) {
    const href = /\shref="([^"]*)"/.exec(t)?.[1];
    if (href !== undefined && !/^https?:\/\//.test(href)) found.push(`href ${href}`);
    const src = /\ssrc="([^"]*)"/.exec(t)?.[1];
    if (src !== undefined && !/^\/api\/files\/[0-9a-f]{64}$/.test(src)) found.push(`src ${src}`);
    if (/^<a\s/.test(t) && !/\srel="noopener noreferrer"/.test(t)) found.push('rel');
  }
  return found;
}

describe('body sanitizing on save', () => {
  it.each(VECTORS)('leaves nothing that could run script: %s', async (vector) => {
    const stored = await roundTrip(`<p>before</p>${vector}<p>after</p>`);
    expect(dangers(stored), stored).toEqual([]);
    // The markup around the vector survives it.
    expect(stored.startsWith('<p>before</p>'), stored).toBe(true);
  });

  it('keeps the editor’s formatting, links to http(s) sites and our own images', async () => {
    const html =
      `<h2>標題</h2><p>一般 <strong>粗體</strong> <b>b</b> <em>斜體</em> <i>i</i> <u>底線</u> <s>刪除</s><br />換行</p>` +
      `<blockquote>引用</blockquote><ul><li>一</li></ul><ol><li>二</li></ol><hr /><pre><code>code</code></pre><p><code>inline</code></p>` +
      `<p><a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">連結</a> <a href="http://example.org">http</a></p>` +
      `<p><img src="/api/files/${HASH}" alt="圖" width="320" height="160" /></p>`;
    const stored = await roundTrip(html);
    expect(stored).toBe(html.replace('<a href="http://example.org">', '<a href="http://example.org" rel="noopener noreferrer">'));
  });

  it('forces rel on every link and keeps only the _blank target', async () => {
    const stored = await roundTrip(
      `<a href="https://a.example" rel="opener" target="_top">a</a><a href="https://b.example" target="_blank">b</a>`,
    );
    expect(stored).toBe(
      `<a href="https://a.example" rel="noopener noreferrer">a</a><a href="https://b.example" target="_blank" rel="noopener noreferrer">b</a>`,
    );
  });

  it('keeps the text of an unknown element, escaped, and drops script content', async () => {
    expect(await roundTrip(`<div><span>文字</span> 1 < 2 & 3 > 2</div><script>var secret = 1</script>`)).toBe(
      '文字 1 &lt; 2 &amp; 3 &gt; 2',
    );
  });

  it('leaves titles as plain text (the screens escape them) and sanitizes every locale’s body', async () => {
    const { id } = await save(
      ctx,
      admin,
      activity(clock, {
        title: { zh_TW: 'A < B & "C"' },
        body: { zh_TW: '<p onclick="x()">中</p>', en: '<script>1</script>e', th: '<img src=x onerror=1>t', vi: '<iframe></iframe>v' },
      }),
    );
    const item = (await list(ctx, admin, { type: 'ACTIVITY' })).data.list.find((i: { id: number }) => i.id === id);
    expect(item.title.zh_TW).toBe('A < B & "C"');
    expect(item.body).toEqual({ zh_TW: '<p>中</p>', en: 'e', th: 't', vi: 'v' });
  });
});
