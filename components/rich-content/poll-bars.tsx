import type { PollResults } from '@/lib/polls/view';

interface PollBarsProps {
  options: readonly { id: string; title: string }[];
  results: PollResults;
  /** The reader's own choice, marked "(your vote)". */
  mine: readonly string[];
  /** Each option's number of votes beside its share (the poll's `showVotesCount`), or its share alone. */
  showCounts: boolean;
}

/**
 * A poll's results as bars, each also said in words (its votes and share) for a screen reader. No hooks: the results
 * page renders it on the server, the poll's island on the post's page in the browser.
 */
export function PollBars({ options, results, mine, showCounts }: PollBarsProps) {
  return (
    <>
      <ul className="poll-results" data-testid="poll-results">
        {options.map((option) => {
          const count = results.counts[option.id] ?? 0;
          const pct = results.total ? Math.round((count / results.total) * 100) : 0;
          return (
            <li key={option.id} data-option={option.id}>
              <span className="poll-results__label">
                {option.title}
                {mine.includes(option.id) && <strong> (your vote)</strong>}
              </span>
              <span className="poll-results__bar" style={{ width: `${pct}%` }} aria-hidden="true" />
              <span className="poll-results__count">
                {showCounts ? `${count} ${count === 1 ? 'vote' : 'votes'} (${pct}%)` : `${pct}%`}
              </span>
            </li>
          );
        })}
      </ul>
      {showCounts && (
        <p className="muted poll-results__total">
          {results.total} {results.total === 1 ? 'vote' : 'votes'} in all.
        </p>
      )}
    </>
  );
}
