import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_SITE_ENV } from './support/site-process';
import { freePort } from '../helpers/redis-server';

// A combination of variables that cannot work stops `next start` at once, with a message naming the variables to set
// (lib/platform). Before, a failing start hook left the server up, answering 500 to every request.

const REFUSED: [string, Record<string, string>, RegExp][] = [
  [
    'the local members’ sign-up rules with members at Wix',
    { BLOG_SOURCE: 'wix', WIX_CLIENT_ID: 'client-1', MEMBERS_OWNER_APPROVAL: 'true' },
    /MEMBERS_OWNER_APPROVAL applies to the site's own members.*WIX_CLIENT_ID/,
  ],
  [
    'several instances without SESSION_SECRET',
    { REDIS_URL: 'redis://127.0.0.1:9' },
    /REDIS_URL \(several instances\) needs SESSION_SECRET/,
  ],
  ['an API key without its site', { WIX_API_KEY: 'IST.key' }, /WIX_SITE_ID is required when WIX_API_KEY is set/],
];

for (const [name, env, message] of REFUSED) {
  test(`next start refuses ${name}`, async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [path.resolve('node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
      {
        env: { ...process.env, ...E2E_SITE_ENV, BLOG_CONTENT_DIR: '.e2e/content', DATA_DIR: '.e2e/refused', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk) => (output += String(chunk)));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 25_000);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect(code, output).toBe(1);
    expect(output).toMatch(new RegExp(`The site cannot start: ${message.source}`));
    // One line, no stack trace.
    expect(output).not.toMatch(/\n\s+at /);
  });
}
