import type { ReactNode } from 'react';
import type { PollDefinition, PollReading } from '@/lib/polls/view';
import { PollBars } from './poll-bars';

// What a poll's form does when its reader votes with JavaScript (poll-form.tsx), fetched on the first vote: a chunk of
// its own, which a page whose readers never vote never downloads. The vote is sent as JSON, the reader's view of the
// poll read back, and what it shows made: the results (where the view role lets this reader see them), or a note.

/** Sends the form's vote and answers what to show under the form; throws when the plain form should answer instead. */
export async function castVote(
  action: string,
  poll: Pick<PollDefinition, 'options' | 'showCounts' | 'view'>,
  form: HTMLFormElement,
): Promise<ReactNode> {
  const options = new FormData(form).getAll('option').map(String);
  const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const sent = await fetch(action, { method: 'POST', headers: json, body: JSON.stringify({ options }) });
  const read = sent.ok ? await fetch(action, { headers: json, cache: 'no-store' }) : sent;
  if (!read.ok) throw new Error(`poll: ${read.status}`);
  const reading = (await read.json()) as PollReading;
  return reading.results ? (
    <PollBars options={poll.options} results={reading.results} mine={reading.mine} showCounts={poll.showCounts} />
  ) : (
    <p className="rc-poll-note" role="status">
      Your vote is counted.{' '}
      {poll.view === 'CREATOR' ? 'Only the poll’s creator sees its results.' : 'Its results show to voters.'}
    </p>
  );
}
