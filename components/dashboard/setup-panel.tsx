// The dashboard's "What is off": the site's collections the platform lacks (a bare Wix site's CMS), each with the
// feature it serves and how to make it, and "Check again" once it is made. Nothing when every collection is there.

interface SetupPanelProps {
  /** Each missing collection and the feature it serves (lib/data/reads.ts). */
  off: Array<{ collection: string; feature: string }>;
  /** The owner has just pressed "Check again". */
  checked: boolean;
}

export function SetupPanel({ off, checked }: SetupPanelProps) {
  if (off.length === 0) {
    return checked ? (
      <p className="notice" role="status">
        Every collection the site needs is there: everything is on.
      </p>
    ) : null;
  }
  return (
    <section className="notice" role="status" aria-labelledby="setup-heading">
      <h2 id="setup-heading">What is off</h2>
      <p>
        The Wix site has no collection for {off.length === 1 ? 'this feature' : 'these features'}, so{' '}
        {off.length === 1 ? 'it is' : 'they are'} off: readers do not see {off.length === 1 ? 'it' : 'them'}.
      </p>
      <ul className="setup-off">
        {off.map(({ collection, feature }) => (
          <li key={collection}>
            {feature[0]!.toUpperCase() + feature.slice(1)}: no <code>{collection}</code> collection
          </li>
        ))}
      </ul>
      <p>
        Create {off.length === 1 ? 'it' : 'them'} with <code>npm run blog -- wix setup</code> (with the site&rsquo;s API
        key; <code>--dry-run</code> shows the calls first), or in the CMS of the Wix dashboard, then check again.
      </p>
      <form method="post" action="/api/owner/setup">
        <button type="submit">Check again</button>
      </form>
    </section>
  );
}
