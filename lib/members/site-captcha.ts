import path from 'node:path';
import { config } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { siteKey } from '@/lib/core/security/site-key';
import { siteRedis, sharedMarks } from '@/lib/core/redis/shared';
import { type Captcha, MAX_USED_CHALLENGES, createCaptcha } from './captcha';

/** The site's captcha, one per process, keyed apart from sessions; its used challenges shared through Redis if set. */
export const siteCaptcha = (): Captcha =>
  processSingleton('members-captcha', () => {
    const c = config();
    const secret = siteKey('captcha', c.sessionSecret, path.resolve(/*turbopackIgnore: true*/ c.dataDir));
    // A solution used on one instance is used on all (REDIS_URL).
    const used = sharedMarks('captcha:used', siteRedis(c.redisUrl), MAX_USED_CHALLENGES);
    return createCaptcha({ secret: secret.toString('base64url'), used });
  });
