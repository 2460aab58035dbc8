/** A URL-fragment-friendly slug that keeps letters and digits of any script ("Über uns" → "uber-uns"). */
export function slugify(value: string, maxLength = 80): string {
  const slug = value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug || 'section';
}

/** Hands out `base`, then `base-2`, `base-3`, ... so every id in a document is unique. */
export function uniqueSlugger(): (text: string) => string {
  const used = new Set<string>();
  return (text) => {
    const base = slugify(text);
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}-${n}`;
    used.add(candidate);
    return candidate;
  };
}
