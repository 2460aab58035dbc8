'use client';

import { type FormEvent, type ReactNode, useState } from 'react';
import type { PollDefinition } from '@/lib/polls/view';

interface PollFormProps {
  /** Where the vote posts, and where the reader's view of the poll is read (GET). */
  action: string;
  poll: Pick<PollDefinition, 'options' | 'showCounts' | 'view'>;
  /** The form's fields and buttons, rendered on the server. */
  children: ReactNode;
}

/**
 * A poll's form on the post's page: without JavaScript it posts and the browser goes to the poll's results page; with
 * it, the vote is sent as JSON and the results (where the view role lets this reader see them) appear under the
 * form, in place (poll-vote.tsx, fetched on the first vote). Whatever the island does not show itself (sign in first, a
 * closed poll, too many votes) goes to the plain form's answer: the form is submitted as if there were no script.
 */
export function PollForm({ action, poll, children }: PollFormProps) {
  const [shown, setShown] = useState<ReactNode>(null);
  const [busy, setBusy] = useState(false);

  async function vote(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    event.preventDefault();
    setBusy(true);
    try {
      const { castVote } = await import('./poll-vote');
      setShown(await castVote(action, poll, form));
    } catch {
      HTMLFormElement.prototype.submit.call(form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={action} className="rc-poll-form" onSubmit={vote} aria-busy={busy}>
      {children}
      <div aria-live="polite">{shown}</div>
    </form>
  );
}
