import type { Post } from '../../types';

/** A post as held: without its body (read from its file when asked for). */
export const withoutBody = ({ richContent: _r, richContentCompressed: _c, contentText: _t, ...meta }: Post): Post =>
  meta;

/**
 * One copy of what posts repeat: term and member ids, status, language, the site base URL, and the hero image the
 * post also carries as its media (JSON gives each post its own copies: ~60 MB at 100,000 posts). Posts are never
 * mutated, so sharing is safe.
 */
export class Interner {
  private readonly strings = new Map<string, string>();

  private one(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    this.strings.set(value, value);
    return value;
  }

  private many(values: string[]): string[] {
    for (let i = 0; i < values.length; i++) values[i] = this.one(values[i]!);
    return values;
  }

  post(post: Post): Post {
    this.many(post.categoryIds);
    this.many(post.tagIds);
    this.many(post.hashtags);
    post.status = this.one(post.status) as Post['status'];
    if (post.language) post.language = this.one(post.language);
    if (post.memberId) post.memberId = this.one(post.memberId);
    if (post.url?.base) post.url.base = this.one(post.url.base);
    const image = post.media?.wixMedia?.image;
    const hero = post.heroImage;
    if (
      image &&
      hero &&
      image !== hero &&
      image.id === hero.id &&
      image.url === hero.url &&
      image.altText === hero.altText &&
      image.width === hero.width &&
      image.height === hero.height &&
      image.filename === hero.filename
    ) {
      post.media!.wixMedia!.image = hero;
    }
    return post;
  }
}
