// The owner's login's door for the repository's tools (scripts/bench: a signed-in owner's requests), which the lint
// opens to scripts/ alone (eslint.config.mjs, TOOLS): a session signed with the site's SESSION_SECRET, as the login
// signs it, without the login's pages and cookies (index.ts, which loads next/headers). Only re-exports.

export { SESSION_COOKIE, signSession } from './tokens';
