import { TooManyRequests } from '@/lib/core/errors';
import type { Language } from '@/lib/core/i18n/languages';
import { processSingleton } from '@/lib/core/process-singleton';
import { consume, createLimiter, secondsLeft } from '@/lib/core/security/limits';
import { askToSubscribe } from './subscribe';
import type { Newsletter } from './types';

// The rules of the subscribe form, with no HTTP in sight. A client gets SUBSCRIBES_PER_CLIENT subscribes per window,
// since each may send a mail. A form whose trap field was filled in (people never see it, form-filling robots fill it
// in) takes its point and is answered as subscribed, with nothing stored or sent. Any other is the address checked and
// left to the site's queue (subscribe.ts askToSubscribe), whose worker stores it and mails the link: a new, a pending
// and a confirmed address get the same answer after the same work, so the answer tells none from another.

const SUBSCRIBES_PER_CLIENT = 10;
const WINDOW_SECONDS = 10 * 60;
const limiter = () =>
  processSingleton('newsletter-limits', () =>
    createLimiter({ keyPrefix: 'newsletter:client', points: SUBSCRIBES_PER_CLIENT, durationSeconds: WINDOW_SECONDS }),
  );

export interface SubscribeInput {
  /** The client's address key (lib/core/security/limits.ts clientKey): what its subscribes are counted against. */
  client: string;
  /** The address as sent: anything but an address is the catalogue's 400. */
  email: unknown;
  /** Whose posts the subscriber wants: the language of the page the form was on. */
  language: Language;
  /** The trap field was filled in. */
  trapped: boolean;
}

export interface NewsletterServicePorts {
  newsletter: () => Newsletter;
}

export function createNewsletterService(ports: NewsletterServicePorts) {
  return {
    /** Asks to subscribe the address; past the client's subscribes, the catalogue's 429 (TooManyRequests). */
    async subscribe(input: SubscribeInput): Promise<void> {
      const allowed = await consume(limiter(), input.client);
      if (!allowed.ok) throw new TooManyRequests('too many subscribe requests', secondsLeft(allowed.res));
      if (!input.trapped) await askToSubscribe(ports.newsletter(), input.email, input.language);
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
