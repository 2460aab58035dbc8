import type { Post } from '../../types';
import type { Indexed } from '../file-index';

export type FileEntry = Indexed<Post | null>;

/** The post files as read: by file name, and which file holds each post id and each slug. */
export class Catalog {
  readonly files = new Map<string, FileEntry>();
  readonly fileOf = new Map<string, string>();
  private readonly slugs = new Map<string, string[]>();

  postOf(name: string | undefined): Post | null {
    return name === undefined ? null : (this.files.get(name)?.value ?? null);
  }

  withSlug(slug: string): Post[] {
    return (this.slugs.get(slug) ?? []).flatMap((name) => this.postOf(name) ?? []);
  }

  keep(name: string, entry: FileEntry) {
    this.forget(name);
    this.files.set(name, entry);
    const post = entry.value;
    if (!post) return;
    this.fileOf.set(post.id, name);
    const names = this.slugs.get(post.slug);
    if (!names) this.slugs.set(post.slug, [name]);
    else if (!names.includes(name)) names.push(name);
  }

  drop(name: string) {
    this.forget(name);
    this.files.delete(name);
  }

  private forget(name: string) {
    const old = this.files.get(name)?.value;
    if (!old) return;
    if (this.fileOf.get(old.id) === name) this.fileOf.delete(old.id);
    const names = this.slugs.get(old.slug)?.filter((n) => n !== name);
    if (names?.length) this.slugs.set(old.slug, names);
    else this.slugs.delete(old.slug);
  }
}
