// The pages a subscriber lands on after the form or the mailed link, each a static page (/newsletter/<state>): the
// form and the link answer with a redirect to one, so the flow works without JavaScript and the pages stay cached.

export interface NewsletterState {
  title: string;
  message: string;
  /** The page offers the form again (to correct an address, or to ask for a new link). */
  form: boolean;
}

export const NEWSLETTER_STATES = {
  'check-your-inbox': {
    title: 'Check your inbox',
    message:
      'If this address is not subscribed yet, a confirmation link is on its way to it. Open it to start ' +
      'receiving new posts. Nothing arrives? Look in the spam folder, or ask again in ten minutes.',
    form: false,
  },
  confirmed: {
    title: 'You are subscribed',
    message: 'Thank you: new posts will come to your inbox.',
    form: false,
  },
  'invalid-email': {
    title: 'That address does not look right',
    message: 'Please check the e-mail address and try again.',
    form: true,
  },
  'link-expired': {
    title: 'This link does not work',
    message: 'Confirmation links work for seven days and only as mailed. Ask for a new one below.',
    form: true,
  },
  unsubscribed: {
    title: 'You are unsubscribed',
    message: 'No more posts will come to this address. Changed your mind? Subscribe again below.',
    form: true,
  },
  'unsubscribe-invalid': {
    title: 'This unsubscribe link does not work',
    message: 'It may have been cut or changed on its way. Open it again from the mail, whole.',
    form: false,
  },
  'try-later': {
    title: 'Please try again later',
    message: 'Too many requests came from your network, or the mail could not be sent. Please try again in a while.',
    form: false,
  },
} as const satisfies Record<string, NewsletterState>;

export type NewsletterStateName = keyof typeof NEWSLETTER_STATES;

export const newsletterStatePath = (state: NewsletterStateName) => `/newsletter/${state}`;

export const isNewsletterState = (name: string): name is NewsletterStateName => Object.hasOwn(NEWSLETTER_STATES, name);
