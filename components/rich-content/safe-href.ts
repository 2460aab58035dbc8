import { obj, str } from './fields';

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Editors store bare hosts ("www.example.com", "example.com"); these suffixes are file names, not hosts.
const FILE_SUFFIX =
  /\.(html?|php|aspx?|jsp|xml|json|pdf|txt|md|jpe?g|png|gif|webp|svg|css|js|zip|csv|docx?|xlsx?|mp[34])$/i;
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?::\d{1,5})?(?:[/?#]|$)/i;

/**
 * The one gate for every href we render: http(s), mailto, tel, relative paths, queries and fragments.
 * Anything else, including obfuscated schemes (`java\tscript:`, `javascript&colon;`, ` JAVASCRIPT:`),
 * is refused with `null`, and the caller renders plain text instead of a link.
 */
export function safeHref(input: unknown): string | null {
  const raw = str(input);
  if (raw === undefined) return null;
  const value = raw.trim();
  if (!value || value.length > 2048) return null;
  // Browsers drop tabs and newlines inside URLs, so any control character could be hiding a scheme.
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return null;

  const scheme = SCHEME.exec(value);
  if (scheme) return ALLOWED_SCHEMES.has(scheme[1]!.toLowerCase()) ? value : null;

  const head = value.split(/[/?#]/, 1)[0] ?? '';
  // A colon, entity or escape before the first path separator is a scheme in disguise, not a path.
  if (/[:&\s]|%3a/i.test(head)) return null;
  if (value.startsWith('//')) return `https:${value}`;
  if (!/^[./?#]/.test(value) && value.startsWith('www.')) return `https://${value}`;
  if (!/^[./?#]/.test(value) && BARE_HOST.test(value) && !FILE_SUFFIX.test(head)) return `https://${value}`;
  return value;
}

export interface LinkProps {
  href: string;
  target?: '_blank';
  rel?: string;
}

/** A fragment link to a node in the same document; `resolve` maps node ids to the ids we render. */
export function anchorHref(anchor: unknown, resolve: (nodeId: string) => string = (id) => id): string | null {
  const id = str(anchor)?.trim();
  if (!id || id.length > 200 || /[\s\u0000-\u001f]/.test(id)) return null;
  return `#${encodeURIComponent(resolve(id))}`;
}

/** Props for an `<a>` from a rich-content `Link` (`url` or `anchor`, `target`, `rel`); `null` when unsafe. */
export function linkProps(link: unknown, resolveAnchor?: (nodeId: string) => string): LinkProps | null {
  const l = obj(link);
  if (!l) return null;
  const url = str(l.url);
  const href = url !== undefined && url.trim() !== '' ? safeHref(url) : anchorHref(l.anchor, resolveAnchor);
  if (!href) return null;

  const relObj = obj(l.rel) ?? {};
  const rel = new Set<string>();
  for (const token of ['nofollow', 'sponsored', 'ugc', 'noreferrer'] as const)
    if (relObj[token] === true) rel.add(token);
  const blank = l.target === 'BLANK' || l.target === '_blank';
  if (blank) {
    rel.add('noopener');
    rel.add('noreferrer');
  }
  const props: LinkProps = { href };
  if (blank) props.target = '_blank';
  if (rel.size)
    props.rel = ['noopener', 'noreferrer', 'nofollow', 'sponsored', 'ugc'].filter((t) => rel.has(t)).join(' ');
  return props;
}
