import { XMLParser } from 'fast-xml-parser';

// The XML side of a WordPress export (WXR 1.0–1.2): the parsed tree, each field's text as WordPress wrote it (CDATA
// or escaped text, the same either way), dates, and the paths of the old site's addresses.

/** A parsed element: its text, CDATA and attributes, or its child elements by name. */
export type XmlNode = Record<string, unknown>;

/** Elements that repeat (read as arrays even when one is there). */
const REPEATED = new Set([
  'item',
  'wp:author',
  'wp:category',
  'wp:tag',
  'wp:term',
  'category',
  'wp:postmeta',
  'wp:termmeta',
  'wp:comment',
  'wp:commentmeta',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // CDATA apart from escaped text: CDATA is taken as it is (its `&lt;` stays `&lt;`), escaped text is unescaped once.
  cdataPropName: '__cdata',
  parseTagValue: false,
  parseAttributeValue: false,
  // Entities are decoded here (xmlText), once, and only XML's: a DOCTYPE's entities are never expanded, and an HTML
  // name (`&nbsp;`) in a field stays as written for the HTML reader.
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => REPEATED.has(name),
});

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's escapes undone: the five named entities and character references. */
export function xmlText(value: string): string {
  return value.replace(/&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g, (match, dec, hex, name) => {
    if (name) return XML_ENTITIES[name as string]!;
    const code = dec ? Number(dec) : parseInt(hex as string, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
}

/** The export's `<channel>`, or an error saying what the file is not. */
export function parseChannel(xml: string): XmlNode {
  let doc: XmlNode;
  try {
    doc = parser.parse(xml) as XmlNode;
  } catch (error) {
    throw new Error(`not a WordPress export (WXR): the XML does not parse (${(error as Error).message})`);
  }
  const channel = (doc.rss as XmlNode | undefined)?.channel;
  const node = Array.isArray(channel) ? channel[0] : channel;
  if (!node || typeof node !== 'object') throw new Error('not a WordPress export (WXR): no <rss><channel>');
  return node as XmlNode;
}

/** A field's text: its CDATA sections (WordPress splits one at each `]]>`) and its unescaped text, joined. */
export function text(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string') return xmlText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value !== 'object') return '';
  const node = value as XmlNode;
  const cdata = node.__cdata;
  const escaped = typeof node['#text'] === 'string' ? xmlText(node['#text']) : '';
  return escaped + (Array.isArray(cdata) ? cdata.join('') : typeof cdata === 'string' ? cdata : '');
}

/** A field's text, trimmed. */
export const field = (node: XmlNode, name: string): string => text(node[name]).trim();

/** An element's attribute, unescaped. */
export const attr = (node: unknown, name: string): string => {
  const value = node && typeof node === 'object' ? (node as XmlNode)[`@_${name}`] : undefined;
  return typeof value === 'string' ? xmlText(value) : '';
};

/** The elements of a repeated name (an empty list when none). */
export function list(value: unknown): XmlNode[] {
  if (value == null) return [];
  const values = Array.isArray(value) ? value : [value];
  return values.filter((v): v is XmlNode => typeof v === 'object' && v !== null);
}

/** An item's post meta (a term's, `wp:termmeta`): every value of each key, in order (`_wp_old_slug` repeats). */
export function postMeta(item: XmlNode, element: 'wp:postmeta' | 'wp:termmeta' = 'wp:postmeta'): Map<string, string[]> {
  const meta = new Map<string, string[]>();
  for (const entry of list(item[element])) {
    const key = field(entry, 'wp:meta_key');
    if (!key) continue;
    meta.set(key, [...(meta.get(key) ?? []), text(entry['wp:meta_value'])]);
  }
  return meta;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A WordPress date (`2013-01-10 20:15:40`) as ISO. The GMT one is exact; when WordPress left it empty (`0000-00-00
 * 00:00:00`: a draft never saved with a date) the site's local time stands in, its time zone unknown (read as UTC).
 */
export function wpDate(gmt: string, local: string): string | undefined {
  for (const value of [gmt, local]) {
    const m = DATE.exec(value.trim());
    if (!m || m[1] === '0000') continue;
    const date = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)));
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  return undefined;
}

/** The path (and query) of an address on the old site: `/2013/01/10/slug/`, `/?p=12`. Doubled slashes made one. */
export function pathOf(url: string): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, 'http://old.invalid');
    return parsed.pathname.replace(/\/{2,}/g, '/') + parsed.search;
  } catch {
    return undefined;
  }
}

/** A slug as WordPress stores it (non-ASCII percent-encoded: `%ce%b5…`), decoded; as it is when it does not decode. */
export function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

/** The paths' list without repeats, empty ones dropped. */
export const uniquePaths = (paths: (string | undefined)[]): string[] => [
  ...new Set(paths.filter((p): p is string => !!p)),
];
