import path from 'node:path';
import { config } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';
import { siteKey } from '@/lib/security/site-key';
import { type Captcha, createCaptcha } from './captcha';

/** The site's captcha, one per process (its used challenges are remembered there), keyed apart from sessions. */
export const siteCaptcha = (): Captcha =>
  processSingleton('members-captcha', () => {
    const c = config();
    const secret = siteKey('captcha', c.sessionSecret, path.resolve(/*turbopackIgnore: true*/ c.dataDir));
    return createCaptcha({ secret: secret.toString('base64url') });
  });
