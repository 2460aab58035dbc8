import { pathToFileURL } from 'node:url';
import { ConfigError } from '@/lib/core/config';
import { signingKey } from '@/lib/edge/webhooks/keys';
import { parseCommand, USAGE } from './args';
import { ContentFolder } from './content-folder';
import { DATA_USAGE, parseDataCommand } from './data-args';
import { runData } from './data';
import type { DataIo } from './data-io';
import { runOutbox } from './outbox';
import { runWix } from './wix';
import { runBackup } from './backup';
import { deliveredOk, postToken, signEvent } from './deliver';
import { UsageError } from './errors';
import { runCommand } from './run';
import { cliSettings } from './settings';

// The local platform: `npm run blog -- <command>` edits the content folder, then tells the site, the way
// Wix would, with a signed webhook. Exit status: 0 done, 1 the site did not take the event, 2 bad input.

export interface CliIo extends DataIo {
  fetch: typeof fetch;
}

const ANSWER_SHOWN = 300;

const defaultIo = (): CliIo => ({
  env: process.env,
  fetch,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  errStream: process.stderr,
});

export async function main(argv: string[], io: CliIo = defaultIo()): Promise<number> {
  let written = false;
  try {
    // The data collections need neither the content folder nor the signing key.
    if (argv[0] === 'data') return await runData(parseDataCommand(argv.slice(1)), io);
    if (argv[0] === 'outbox') return await runOutbox(argv.slice(1), io);
    if (argv[0] === 'wix') return await runWix(argv.slice(1), io);
    // Backups of the site's records and content folder, and their restore (backup.ts).
    if (argv[0] === 'backup' || argv[0] === 'restore') return await runBackup(argv, io);
    const command = parseCommand(argv);
    if (command.name === 'help') {
      io.out(USAGE);
      return 0;
    }
    const { contentDir, siteUrl } = cliSettings(io.env);
    const folder = new ContentFolder(contentDir);
    // Fails before anything is written when the signing key is unusable.
    const key = await signingKey({ privateKey: io.env.WIX_WEBHOOK_PRIVATE_KEY, contentDir });
    const change = await runCommand(folder, command, siteUrl);
    written = change.event !== null;
    io.out(change.summary);
    if (!change.event) return 0;
    const delivery = await postToken(siteUrl, await signEvent(change.event, key), io.fetch);
    const answer = (typeof delivery.body === 'string' ? delivery.body : JSON.stringify(delivery.body)).slice(
      0,
      ANSWER_SHOWN,
    );
    if (deliveredOk(delivery)) {
      const tags = (delivery.body as { tags?: string[] }).tags ?? [];
      io.out(
        `sent ${change.event.eventType} to ${delivery.url}: ${delivery.status}, cleared ${tags.length ? tags.join(' ') : 'nothing'} (${delivery.ms} ms)`,
      );
      // The other posts the change rewrote (a translation's siblings): each its own event, as Wix sends.
      for (const event of change.more ?? []) {
        const also = await postToken(siteUrl, await signEvent(event, key), io.fetch);
        if (!deliveredOk(also)) {
          io.err(`${also.url} answered ${also.status} to ${event.eventType} for ${event.data.entityId}`);
          return 1;
        }
        io.out(`sent ${event.eventType} for ${event.data.entityId}: ${also.status}`);
      }
      return 0;
    }
    io.err(
      `${delivery.status === 0 ? `could not reach ${delivery.url}: ${answer}` : `${delivery.url} answered ${delivery.status}: ${answer}`}\n` +
        `The change stands in ${folder.dir}; the site shows it after its next accepted event for this item, or a restart.`,
    );
    return 1;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(
        `blog: ${error.message}\n${argv[0] === 'data' ? DATA_USAGE : 'Run "npm run blog -- help" for the commands.'}`,
      );
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(`blog: ${error.message}`);
      return 2;
    }
    io.err(
      `blog: ${written ? 'the content folder was changed, but ' : ''}${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
