// The owner's newsletter controls: plain forms posting to /api/owner/newsletter (they work without JavaScript), which
// answers with a 303 back to the page and the outcome in `?mail=`.

const ACTION = '/api/owner/newsletter';

const OUTCOMES: Record<string, string> = {
  held: 'This post will not be e-mailed until you send it.',
  released: 'This post will be e-mailed when it is published.',
  queued: 'The post is being e-mailed to the subscribers.',
  paused: 'Every newsletter send is paused.',
  resumed: 'Newsletter sending resumed.',
  'opens-on':
    'Opens are counted from the next post mailed: its e-mail carries a one-pixel image, and its footer says so.',
  'opens-off': 'Opens are no longer counted: the next post’s e-mail carries no pixel.',
  'test-sent': 'The test was sent.',
  'unknown-post': 'No such post.',
  done: 'This post has been e-mailed already.',
  cancelled: 'This post is no longer published: nothing is sent.',
};

/** What the last newsletter button did, from `?mail=`. */
export function MailOutcome({ outcome }: { outcome: string | undefined }) {
  const text = outcome ? OUTCOMES[outcome] : undefined;
  return text ? (
    <p className="notice" role="status">
      {text}
    </p>
  ) : null;
}

/** Pause every send, or resume them. */
export function PauseSending({ paused }: { paused: boolean }) {
  return (
    <form method="post" action={ACTION} className="inline-form">
      <input type="hidden" name="back" value="/dashboard/subscribers" />
      {paused ? <strong>Sending is paused. </strong> : null}
      <button
        type="submit"
        name="intent"
        value={paused ? 'resume' : 'pause'}
        className={paused ? undefined : 'button-secondary'}
      >
        {paused ? 'Resume sending' : 'Pause all sending'}
      </button>
    </form>
  );
}

/**
 * Whether the next posts' e-mails count opens (a one-pixel image, said in their footer): off unless the owner turns it
 * on. A post being mailed keeps the e-mail it began with.
 */
export function CountOpens({ on }: { on: boolean }) {
  return (
    <form method="post" action={ACTION} className="inline-form">
      <input type="hidden" name="back" value="/dashboard/subscribers" />
      {on ? 'Opens are counted (a one-pixel image, said in the footer). ' : 'Opens are not counted. '}
      <button type="submit" name="intent" value={on ? 'opens-off' : 'opens-on'}>
        {on ? 'Stop counting opens' : 'Count opens'}
      </button>
    </form>
  );
}

/** A link to the post's mail as subscribers will get it. */
export const PreviewLink = ({ postId }: { postId: string }) => (
  <a href={`/dashboard/newsletter-preview?postId=${encodeURIComponent(postId)}`} target="_blank" rel="noreferrer">
    Preview the e-mail
  </a>
);

/** A draft's newsletter: its preview, a test to one address, and holding it back before it is published. */
export function DraftNewsletter({ postId, held }: { postId: string; held: boolean }) {
  const back = `/dashboard/drafts/${encodeURIComponent(postId)}`;
  return (
    <section className="panel" aria-labelledby="draft-newsletter">
      <h2 id="draft-newsletter">Newsletter</h2>
      <p>
        {held
          ? 'This post will not be e-mailed when it is published.'
          : 'When this post is first published, it is e-mailed to every confirmed subscriber.'}{' '}
        <PreviewLink postId={postId} />
      </p>
      <form method="post" action={ACTION} className="inline-form">
        <input type="hidden" name="postId" value={postId} />
        <input type="hidden" name="back" value={back} />
        <label>
          Send a test to <input type="email" name="to" required autoComplete="email" maxLength={254} />
        </label>{' '}
        <button type="submit" name="intent" value="test">
          Send test
        </button>
      </form>
      <form method="post" action={ACTION} className="inline-form">
        <input type="hidden" name="postId" value={postId} />
        <input type="hidden" name="back" value={back} />
        <button
          type="submit"
          name="intent"
          value={held ? 'send' : 'hold'}
          className={held ? undefined : 'button-secondary'}
        >
          {held ? 'E-mail it when published' : 'Don’t e-mail this post'}
        </button>
      </form>
    </section>
  );
}
