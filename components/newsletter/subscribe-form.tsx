import { SUBSCRIBE_PATH, SUBSCRIBE_TRAP_FIELD as TRAP_FIELD } from '@/lib/core/site';
import { words } from '@/lib/core/i18n';

interface SubscribeFormProps {
  /** Keeps the ids of two forms on one page apart (after a post, and in the footer). */
  id: string;
  heading?: string;
  /** The page's language (the main one by default). */
  language?: string;
}

/** Subscribe by e-mail: a plain form, so it works without JavaScript; the answer is a page (lib/newsletter/states). */
export function SubscribeForm({ id, heading, language }: SubscribeFormProps) {
  const { t } = words(language);
  return (
    <form action={SUBSCRIBE_PATH} method="post" className="subscribe" aria-labelledby={`${id}-heading`}>
      <p id={`${id}-heading`} className="subscribe__heading">
        {heading ?? t('newsletter.heading')}
      </p>
      <div className="subscribe__row">
        <label htmlFor={`${id}-email`} className="visually-hidden">
          {t('newsletter.email')}
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@example.com"
        />
        <button type="submit">{t('newsletter.subscribe')}</button>
      </div>
      {/* The page's language: the subscriber is mailed this language's posts. */}
      <input type="hidden" name="language" value={words(language).language} />
      {/* The trap: hidden from people (and from screen readers), filled in by form-filling robots. */}
      <div className="subscribe__trap" aria-hidden="true">
        <label htmlFor={`${id}-${TRAP_FIELD}`}>{t('newsletter.trap')}</label>
        <input id={`${id}-${TRAP_FIELD}`} name={TRAP_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="subscribe__note muted">{t('newsletter.note')}</p>
    </form>
  );
}
