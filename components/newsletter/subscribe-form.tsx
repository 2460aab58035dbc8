import { SUBSCRIBE_PATH, SUBSCRIBE_TRAP_FIELD as TRAP_FIELD } from '@/lib/core/site';

interface SubscribeFormProps {
  /** Keeps the ids of two forms on one page apart (after a post, and in the footer). */
  id: string;
  heading?: string;
}

/** Subscribe by e-mail: a plain form, so it works without JavaScript; the answer is a page (lib/newsletter/states). */
export function SubscribeForm({ id, heading = 'New posts by e-mail' }: SubscribeFormProps) {
  return (
    <form action={SUBSCRIBE_PATH} method="post" className="subscribe" aria-labelledby={`${id}-heading`}>
      <p id={`${id}-heading`} className="subscribe__heading">
        {heading}
      </p>
      <div className="subscribe__row">
        <label htmlFor={`${id}-email`} className="visually-hidden">
          E-mail address
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
        <button type="submit">Subscribe</button>
      </div>
      {/* The trap: hidden from people (and from screen readers), filled in by form-filling robots. */}
      <div className="subscribe__trap" aria-hidden="true">
        <label htmlFor={`${id}-${TRAP_FIELD}`}>Leave this empty</label>
        <input id={`${id}-${TRAP_FIELD}`} name={TRAP_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="subscribe__note muted">One mail per new post. We will ask you to confirm first.</p>
    </form>
  );
}
