// The members' door for the repository's tools (lib/transfer: an import matching an export's writers to the
// site's members by address), which the lint opens to scripts/ alone (eslint.config.mjs, TOOLS): the local members'
// collection and how an address names a member, without the service's wiring (index.ts). Only re-exports.

export { members } from './collection';
export { memberId, normaliseEmail } from './local/member';
