// Ids and slugs go into URL paths, and the SDK inserts them unencoded. Anything that could leave its
// path segment ('/', '\', a dot segment, control characters) cannot name a Wix item: it is "not found".

const MAX_LENGTH = 1000;
const UNSAFE = /[/\\\u0000-\u001f\u007f-\u009f]/;

/** The value encoded for one path segment, or null when it cannot be one. */
export function pathSegment(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (value === '.' || value === '..' || value.trim() !== value || UNSAFE.test(value)) return null;
  try {
    return encodeURIComponent(value);
  } catch {
    return null; // a lone surrogate
  }
}
