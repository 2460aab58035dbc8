import { type Indexed, type Stamp, readIndex, sameStamp } from '../file-index';
import { eachPost } from './files';
import { indexIsStale, SEARCH_INDEX } from './index-writer';
import type { StoreState } from './state';

/** What search looks at in each post: from the search index where a file is unchanged, else from the file. */
export async function loadTexts(state: StoreState): Promise<void> {
  const derive = state.options.searchText;
  if (!derive) throw new Error('ContentStore: searchTexts() needs the searchText option');
  const indexed = await readIndex<string>(state.dir, SEARCH_INDEX);
  const texts = new Map<string, Indexed<string>>();
  const toRead: [string, Stamp][] = [];
  for (const [name, entry] of state.catalog.files) {
    const text = indexed.get(name);
    if (text && sameStamp(text, entry)) texts.set(name, text);
    else if (entry.value) toRead.push([name, entry]);
  }
  await eachPost(state.postsDir, toRead, (name, stamp, post) => {
    if (post) texts.set(name, { mtimeMs: stamp.mtimeMs, size: stamp.size, value: derive(post) });
  });
  state.texts = texts;
  const differing = toRead.length + Math.abs(indexed.size - (texts.size - toRead.length));
  if (indexIsStale(differing, texts.size, indexed.size)) state.indexes.save(SEARCH_INDEX);
}
