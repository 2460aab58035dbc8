// The comments' door for the repository's tools (lib/transfer: an import's comments written into the site's
// records), which the lint opens to scripts/ alone (eslint.config.mjs, TOOLS): the collection, without the service's
// wiring (index.ts). Only re-exports.

export { postComments } from './collection';
