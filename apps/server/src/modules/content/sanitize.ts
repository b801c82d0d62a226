import sanitizeHtml from 'sanitize-html';

/** The only images a body may show: ours, uploaded and served by `imageUrl`. */
const UPLOADED_IMAGE = /^\/api\/files\/[0-9a-f]{64}$/;
/** Links leave the site: absolute http(s) only, never relative, protocol-relative or script URLs. */
const WEB_LINK = /^https?:\/\//i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'pre',
    'code',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Unknown tags go but keep their text; script, style and the like go with their content.
  disallowedTagsMode: 'discard',
  transformTags: {
    // The parser has already decoded entities, so an obfuscated `java&#x09;script:` fails the test.
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? '';
      return {
        tagName,
        attribs: {
          ...(WEB_LINK.test(href) ? { href } : {}),
          ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
          // A page opened from a body must not reach back to the back office (window.opener).
          rel: 'noopener noreferrer',
        },
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !UPLOADED_IMAGE.test(frame.attribs.src ?? ''),
};

/**
 * A body's HTML reduced to the editor's formatting (PRODUCT.md §6: sanitized on the server): what is
 * stored is safe to show as is, on the back office and in the game client.
 */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
