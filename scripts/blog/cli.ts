import { pathToFileURL } from 'node:url';
import { ConfigError } from '@/lib/core/config';
import { parseCommand, USAGE } from './args';
import { ContentFolder } from './content-folder';
import { DATA_USAGE, parseDataCommand } from './data-args';
import { runData } from './data';
import type { DataIo } from './data-io';
import { runOutbox } from './outbox';
import { sitePlansOf } from './plans';
import { runWix } from './wix';
import { runBackup } from './backup';
import { UsageError } from './errors';
import { ImportError } from '@/lib/transfer/tools';
import { runCommand } from './run';
import { cliSettings } from './settings';
import { runExport, runImport } from './transfer/command';

// The local platform: `npm run blog -- <command>` edits the content folder. A running site watches that folder and
// shows the change (lib/blog/local/watch.ts): nothing is sent to it. Exit status: 0 done, 1 failed, 2 bad input.

export interface CliIo extends DataIo {
  fetch: typeof fetch;
}

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
    // The data collections do not need the content folder.
    if (argv[0] === 'data') return await runData(parseDataCommand(argv.slice(1)), io);
    if (argv[0] === 'outbox') return await runOutbox(argv.slice(1), io);
    if (argv[0] === 'wix') return await runWix(argv.slice(1), io);
    // Backups of the site's records and content folder, and their restore (backup.ts).
    if (argv[0] === 'backup' || argv[0] === 'restore') return await runBackup(argv, io);
    // Another blog's export in (WordPress, Ghost, Substack, Medium, Markdown), and this one's out (transfer/).
    if (argv[0] === 'import') return await runImport(argv.slice(1), io);
    if (argv[0] === 'export') return await runExport(argv.slice(1), io);
    const command = parseCommand(argv);
    if (command.name === 'help') {
      io.out(USAGE);
      return 0;
    }
    const { contentDir, siteUrl } = cliSettings(io.env);
    const folder = new ContentFolder(contentDir);
    const change = await runCommand(folder, command, { siteUrl, plans: sitePlansOf(io) });
    written = change.written;
    io.out(change.summary);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ImportError) {
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
