import path from 'node:path';
import { config } from '@/lib/config';
import { dataClient } from '@/lib/data';
import { mailer } from '@/lib/mail';
import { processSingleton } from '@/lib/process-singleton';
import { members } from './collection';
import { siteKey } from '@/lib/security/site-key';
import { createLocalMembers, type LocalMembers } from './local';

export { members, type MemberItem } from './collection';
export { createLocalMembers, INVALID_LOGIN, MAX_CODE_ATTEMPTS, type LocalMembers } from './local';
export * from './types';

/**
 * The site's identity provider, one per process: the local one, its members in the site's data client (the members
 * collection is passed to `dataClient`, which lib/data cannot import), with the site's policy and mailer.
 */
export const siteMembers = (): LocalMembers =>
  processSingleton('members', () => {
    const c = config();
    return createLocalMembers({
      client: dataClient(members),
      mailer: mailer(),
      secret: siteKey('members', c.sessionSecret, path.resolve(/*turbopackIgnore: true*/ c.dataDir)).toString(
        'base64url',
      ),
      siteUrl: c.siteUrl,
      policy: c.members,
    });
  });
