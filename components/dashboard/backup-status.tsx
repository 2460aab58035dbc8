import type { BackupRecord } from '@/lib/data';

// The dashboard's line on backups (docs/deploy.md, "Backups"): when the last archive of the site's records was made
// (`npm run blog -- backup FILE` records it), or that none was, with the command. `undefined`: the records could not
// be read just now (the page still renders).

const format = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const when = (iso: string) => <time dateTime={iso}>{format.format(new Date(iso))} UTC</time>;

export function BackupStatus({ last }: { last: BackupRecord | null | undefined }) {
  const command = <code>npm run blog -- backup FILE</code>;
  return (
    <section className="panel" aria-labelledby="backup-heading">
      <h2 id="backup-heading">Backups</h2>
      {last === undefined ? (
        <p>When the last backup was made cannot be read just now.</p>
      ) : last === null ? (
        <p>
          No backup yet: make one with {command}, and keep it off this machine (docs/deploy.md, &ldquo;Backups&rdquo;).
        </p>
      ) : (
        <p>
          Last backup: {when(last.takenAt)}
          {last.restoredAt ? <> (this data was restored from it on {when(last.restoredAt)})</> : null}. Make the next
          with {command}.
        </p>
      )}
    </section>
  );
}
