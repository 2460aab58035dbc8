'use client';

import { type FormEvent, type ReactNode, useState } from 'react';
import type { PollDefinition, PollReading } from '@/lib/polls/view';
import { PollBars } from './poll-bars';

export interface PollFormProps {
  /** Where the vote posts, and where the reader's view of the poll is read (GET). */
  action: string;
  poll: Pick<PollDefinition, 'options' | 'showCounts' | 'view'>;
  /** The form's fields and buttons, rendered on the server. */
  children: ReactNode;
}

/**
 * A poll's form on the post's page: without JavaScript it posts and the browser goes to the poll's results page; with
 * it, the vote is sent as JSON and the results (where the view role lets this reader see them) appear under the
 * form, in place. Whatever the island does not show itself (sign in first, a closed poll, too many votes) goes to the
 * plain form's answer: the form is submitted as if there were no script.
 */
export default function PollFormIsland({ action, poll, children }: PollFormProps) {
  const [reading, setReading] = useState<PollReading | null>(null);
  const [busy, setBusy] = useState(false);

  async function vote(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    event.preventDefault();
    setBusy(true);
    try {
      const options = new FormData(form).getAll('option').map(String);
      const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
      const sent = await fetch(action, { method: 'POST', headers: json, body: JSON.stringify({ options }) });
      const read = sent.ok ? await fetch(action, { headers: json, cache: 'no-store' }) : sent;
      if (!read.ok) throw new Error(`poll: ${read.status}`);
      setReading((await read.json()) as PollReading);
    } catch {
      HTMLFormElement.prototype.submit.call(form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={action} className="rc-poll-form" onSubmit={vote} aria-busy={busy}>
      {children}
      <div aria-live="polite">
        {reading &&
          (reading.results ? (
            <PollBars
              options={poll.options}
              results={reading.results}
              mine={reading.mine}
              showCounts={poll.showCounts}
            />
          ) : (
            <p className="rc-poll-note" role="status">
              Your vote is counted.{' '}
              {poll.view === 'CREATOR' ? 'Only the poll’s creator sees its results.' : 'Its results show to voters.'}
            </p>
          ))}
      </div>
    </form>
  );
}
