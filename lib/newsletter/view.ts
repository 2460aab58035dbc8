// What pages show of the newsletter: its state pages. Kept apart from the feature's index, which brings the queue
// (pg-boss), the mailer and the mail renderer into whatever imports it: a page needs none of them.

export { NEWSLETTER_STATES, isNewsletterState, newsletterStatePath, type NewsletterStateName } from './states';
