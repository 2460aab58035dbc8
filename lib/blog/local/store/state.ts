import type { Indexed, Stamp } from '../file-index';
import { postsDirOf } from '../folder';
import { Catalog } from './catalog';
import { eachPost } from './files';
import { IndexWriter, POSTS_INDEX } from './index-writer';
import { Interner, withoutBody } from './interner';
import type { StoreOptions } from './types';

/** What the store's steps share: the folder, the files as last read, the search texts and the index writes. */
export interface StoreState {
  readonly dir: string;
  readonly postsDir: string;
  readonly options: StoreOptions;
  readonly shared: Interner;
  readonly indexes: IndexWriter;
  /** The post files as last read; a full check swaps in a new one whole. */
  catalog: Catalog;
  /** What search looks at, by file name: null until `searchTexts()` is first called. */
  texts: Map<string, Indexed<string>> | null;
}

export function createStoreState(dir: string, options: StoreOptions): StoreState {
  const state: StoreState = {
    dir,
    postsDir: postsDirOf(dir),
    options,
    shared: new Interner(),
    // Each write takes the latest state when it starts.
    indexes: new IndexWriter(dir, (name) =>
      name === POSTS_INDEX ? [...state.catalog.files] : [...(state.texts ?? [])],
    ),
    catalog: new Catalog(),
    texts: null,
  };
  return state;
}

/** Reads post files into a catalog (without their bodies), and their search texts once those are kept. */
export function readFiles(state: StoreState, toRead: [string, Stamp][], catalog: Catalog): Promise<void> {
  return eachPost(state.postsDir, toRead, (name, stamp, post) => {
    catalog.keep(name, { ...stamp, value: post && state.shared.post(withoutBody(post)) });
    if (state.texts && state.options.searchText) {
      if (post) state.texts.set(name, { ...stamp, value: state.options.searchText(post) });
      else state.texts.delete(name);
    }
  });
}
