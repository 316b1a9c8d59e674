import type sanitizeHtml from 'sanitize-html';
import type { Attributes, IOptions, Transformer } from 'sanitize-html';

/**
 * The tags an article body may hold (issue 23): what the editor's toolbar makes, nothing that runs
 * or styles. Everything else is dropped, keeping its text (escaped) unless it is a non-text tag.
 */
export const ARTICLE_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
  'br',
  'hr',
  'code',
  'pre',
] as const;

/** Links leave for these schemes only. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
/** A path of this site's API (an uploaded image): no scheme, no host, no dot segments, no escapes. */
const API_PATH = /^\/api\/[A-Za-z0-9_\-./]+$/;

/**
 * The link itself when it is an http(s) or mailto address, else null. The WHATWG parser is the one
 * browsers use: it drops the tabs and newlines of `java\tscript:` and lower-cases the scheme, so an
 * address passes only when the browser would also read it as http, https or mailto.
 */
export function safeHref(value: string | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  try {
    const url = new URL(trimmed);
    return LINK_PROTOCOLS.has(url.protocol) ? trimmed : null;
  } catch {
    return null;
  }
}

/** An image source: an absolute http(s) address, or a path under /api/ of this site; else null. */
export function safeImageSrc(value: string | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (trimmed.startsWith('/')) {
    return API_PATH.test(trimmed) && !trimmed.includes('//') && !/(^|\/)\.\.?(\/|$)/.test(trimmed)
      ? trimmed
      : null;
  }
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? trimmed : null;
  } catch {
    return null;
  }
}

const link: Transformer = (tagName, attribs) => {
  const href = safeHref(attribs.href);
  const kept: Attributes = href ? { href, rel: 'noopener noreferrer nofollow', target: '_blank' } : {};
  return { tagName, attribs: kept };
};

const image: Transformer = (tagName, attribs) => {
  const src = safeImageSrc(attribs.src);
  const kept: Attributes = {};
  if (src) kept.src = src;
  if (attribs.alt) kept.alt = attribs.alt;
  if (attribs.title) kept.title = attribs.title;
  return { tagName, attribs: kept };
};

/** The rules of sanitize-html for article bodies. */
export const ARTICLE_SANITIZE_OPTIONS: IOptions = {
  allowedTags: [...ARTICLE_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'title'] },
  // the schemes are also decided by safeHref/safeImageSrc above; these are sanitize-html's own
  // check on top (it decodes entities and strips control characters before comparing)
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // dropped together with everything inside them
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'select',
    'head',
  ],
  transformTags: { a: link, img: image, h1: 'h2', h5: 'h4', h6: 'h4' },
  // an image whose source was refused is removed whole; a link whose address was, keeps its text
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !frame.attribs.src;
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
  nestingLimit: 40,
  enforceHtmlBoundary: false,
};

type Sanitize = typeof sanitizeHtml;
let loaded: Promise<Sanitize> | null = null;
/** sanitize-html (and postcss under it) load with the first article saved, not at every start. */
const loadSanitizer = () =>
  // a CommonJS module: its function is the default export of the ESM namespace
  (loaded ??= import('sanitize-html').then((module) => (module as unknown as { default: Sanitize }).default));

/**
 * An article body as it may be stored and served (issue 23): only ARTICLE_TAGS, links to http(s)
 * and mailto opened in a new tab without the opener, images from http(s) or this site's /api/.
 * Run on every save, whatever the editor sent; the result is what the public page renders.
 */
export async function sanitizeArticleHtml(html: string): Promise<string> {
  const sanitize = await loadSanitizer();
  return sanitize(html, ARTICLE_SANITIZE_OPTIONS).trim();
}
