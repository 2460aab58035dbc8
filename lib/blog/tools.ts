// The blog's door for the repository's tools (scripts/: the blog CLI, the content builders, the benchmarks, the Wix
// stand-in), which the lint opens to scripts/ alone (eslint.config.mjs, TOOLS): the content folder's one writer
// (local/folder.ts, which the CLI edits posts through), the local source and its store built on a folder of the tool's
// choosing, and the pure pieces a tool shares with the site (a made excerpt, a post's search words, the named sorts).
// Only re-exports; inside lib/, only lib/transfer imports this file (eslint.config.mjs says why).

export { ContentFolder, isPublished, RawPost, RawTerm, type TermKind } from './local/folder';
export { createLocalSource } from './local';
export { ContentStore } from './local/store';
export { excerptOf } from './excerpt';
export { countWords, minutesToRead, plainText } from './reading-time';
export { isSlug, slugify, uniqueSlug } from './slug';
export { published, scheduled, unpublished, unscheduled } from './desk/lifecycle';
export { AUTHORS_FILE } from './local/authors';
export { languageOf, translationGroup, translationOf, writeIntoGroup } from './local/translations';
export { searchBody } from './query/search';
export { NAMED_SORTS, type SortSpec } from './query/sort';
export { escapeHtml, type HtmlOptions, ricosToHtml } from './ricos-html';
export { localFileOf, MEDIA_PATH, mediaAddress, mediaFilesOf, sourceString } from './ricos-media';
