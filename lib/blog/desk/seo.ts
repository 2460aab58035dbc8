// A post's SEO title and description as the platform keeps them: tags of its `seoData` (Wix's SeoSchema, the same in
// the content folder): `{ type: 'title', children }` and `{ type: 'meta', props: { name: 'description', content } }`,
// `custom: true` as Wix marks the ones an author set (@wix/auto_sdk_blog_draft-posts index.typings.d.ts, `Tag`).
// What the pages make of them: lib/edge/seo/post-metadata.ts.

interface SeoTag {
  type?: string;
  props?: Record<string, unknown> | null;
  children?: string | null;
  custom?: boolean;
  disabled?: boolean;
}
interface SeoData {
  tags?: SeoTag[];
  settings?: unknown;
}

const isTitle = (tag: SeoTag) => tag.type === 'title';
const isDescription = (tag: SeoTag) => tag.type === 'meta' && tag.props?.name === 'description';
const tagsOf = (seoData: unknown): SeoTag[] =>
  seoData && typeof seoData === 'object' && Array.isArray((seoData as SeoData).tags) ? (seoData as SeoData).tags! : [];

/** The title and description an author set (empty when none is, or it is turned off). */
export function seoTexts(seoData: unknown): { seoTitle: string; seoDescription: string } {
  const tags = tagsOf(seoData).filter((tag) => !tag.disabled);
  const content = tags.find(isDescription)?.props?.content;
  return {
    seoTitle: String(tags.find(isTitle)?.children ?? ''),
    seoDescription: typeof content === 'string' ? content : '',
  };
}

/**
 * `seoData` with the title and description given (undefined: as they were; empty: none), every other tag and the
 * settings kept.
 */
export function withSeoTexts(seoData: unknown, texts: { seoTitle?: string; seoDescription?: string }): SeoData {
  const was = seoTexts(seoData);
  const title = texts.seoTitle ?? was.seoTitle;
  const description = texts.seoDescription ?? was.seoDescription;
  const kept = tagsOf(seoData).filter((tag) => !isTitle(tag) && !isDescription(tag));
  return {
    ...(seoData && typeof seoData === 'object' ? (seoData as SeoData) : {}),
    tags: [
      ...kept,
      ...(title ? [{ type: 'title', children: title, custom: true }] : []),
      ...(description ? [{ type: 'meta', props: { name: 'description', content: description }, custom: true }] : []),
    ],
  };
}
