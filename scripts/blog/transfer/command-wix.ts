import type { Config } from '@/lib/core/config';
import { formatReport, importIntoWixSite, readSource, type SourceChoice } from '@/lib/transfer/tools';
import type { DataIo } from '../data-io';
import { cliSettings } from '../settings';

// The import into a Wix site (command.ts sends it here when the environment names one): lib/transfer's, with the
// CLI's --member as the writer of its new posts.

export async function importIntoWix(
  target: string,
  from: SourceChoice | undefined,
  c: Config,
  io: DataIo,
  { member, dryRun }: { member?: string; dryRun: boolean },
): Promise<number> {
  const bundle = await readSource(target, from);
  const { contentDir, siteUrl } = cliSettings(io.env);
  const report = await importIntoWixSite(bundle, {
    wix: c.wix,
    siteUrl,
    contentDir,
    dryRun,
    member,
    memberHint: 'pass --member ID (a member of the site: the writer of every new post)',
    fetch: io.fetch,
    warn: (message) => io.err(`blog: ${message}`),
  });
  io.out(formatReport(report));
  return 0;
}
