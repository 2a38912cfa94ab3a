import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/** Tags rich text may keep; everything else goes (its text stays, except for scripts, styles and the like). */
const TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'img'];
const ATTRIBUTES = ['href', 'src', 'alt'];
/** Where a picture in rich text may come from: files uploaded here, and the site's media. */
const IMAGE_PATHS = [/^\/api\/v1\/file-download$/, /^\/api\/v1\/media\/./];
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
/** A base no real URL has: a `src` that is only a path resolves against it, anything with its own host does not. */
const BASE = 'https://rich-text.invalid';

/** A link's target when it is an absolute http, https or mailto URL; null otherwise (javascript:, data:, relative). */
function safeLink(href: string): string | null {
  const value = href.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(value)) return null;
  try {
    const url = new URL(value);
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** A picture's source when it is one of this site's own paths (normalized: no `..`, no other host); null otherwise. */
function safeImage(src: string): string | null {
  const value = src.trim();
  // Only an absolute path: not `//host/…`, not `/\host` (browsers read a backslash as a slash), no scheme.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE || !IMAGE_PATHS.some((p) => p.test(url.pathname))) return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

let purifier: DOMPurify | undefined;

/** One DOMPurify on one jsdom window for the process (making a window takes tens of milliseconds). */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const p = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (el.nodeName === 'A') {
      const href = safeLink(el.getAttribute('href') ?? '');
      if (href) el.setAttribute('href', href);
      else el.removeAttribute('href');
      el.removeAttribute('target');
      el.setAttribute('rel', 'noopener nofollow');
    } else if (el.nodeName === 'IMG') {
      const src = safeImage(el.getAttribute('src') ?? '');
      if (src) el.setAttribute('src', src);
      else el.remove();
    }
  });
  purifier = p;
  return p;
}

/**
 * Rich text (HTML from an editor) as it may be stored and shown: paragraphs, line breaks, bold, italic, underline,
 * strike-through, lists, headings h2–h4, quotes, links (absolute http, https or mailto only; rel="noopener nofollow",
 * no target) and pictures from this site's own paths (/api/v1/file-download, /api/v1/media/…) with their alt text.
 * Everything else is taken out: scripts and their text, event handlers, style and class, iframes, forms, SVG and
 * MathML, javascript: and data: URLs, comments. Run it on the server before storing, never trust the browser's.
 */
export function sanitizeRichText(html: string): string {
  return getPurifier()
    .sanitize(html, {
      ALLOWED_TAGS: TAGS,
      ALLOWED_ATTR: ATTRIBUTES,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      ALLOW_UNKNOWN_PROTOCOLS: false,
      KEEP_CONTENT: true,
      RETURN_TRUSTED_TYPE: false,
    })
    .trim();
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What an editor or a plain text box sent, as rich text to store: HTML is cleaned (sanitizeRichText); plain text
 * (no tag in it) becomes paragraphs, its single line breaks kept.
 */
export function richTextFromInput(input: string): string {
  const text = input.trim();
  if (/<[a-z!/]/i.test(text)) return sanitizeRichText(text);
  return text
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/** Stored rich text as plain text for an e-mail: paragraphs, breaks and list items as lines, entities decoded. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[2-4]|blockquote)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<\/li>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
