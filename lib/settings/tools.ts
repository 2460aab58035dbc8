// The settings' door for the repository's tools (lib/transfer: the export reads the site's title), which the
// lint opens to scripts/ alone (eslint.config.mjs, TOOLS): the collection the settings are kept in. Only re-exports.

export { siteSettings } from './store';
