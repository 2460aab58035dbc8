import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic, writeJsonAtomic } from '@/lib/core/files/atomic';

const ATOMIC_MODULE = fileURLToPath(new URL('../../../lib/core/files/atomic.ts', import.meta.url));

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('atomic writes', () => {
  it('replaces a file and leaves nothing else behind', async () => {
    const dir = scratch();
    const file = path.join(dir, 'post.json');
    writeFileSync(file, '{"old":true}');
    await writeJsonAtomic(file, { new: true });
    expect(readFileSync(file, 'utf8')).toBe('{\n  "new": true\n}\n');
    expect(readdirSync(dir)).toEqual(['post.json']);
  });

  it('keeps the old file and removes its temporary file when the rename fails', async () => {
    const dir = scratch();
    const target = path.join(dir, 'taken');
    mkdirSync(path.join(target, 'inside'), { recursive: true });
    await expect(writeFileAtomic(target, 'data')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['taken']);
    expect(readdirSync(target)).toEqual(['inside']);
  });

  it('never leaves a torn file when the writing process is killed', async () => {
    const dir = scratch();
    const file = path.join(dir, 'big.json');
    const versions = ['a', 'b'].map((fill) => `${JSON.stringify({ fill, body: fill.repeat(4 * 1024 * 1024) })}\n`);
    writeFileSync(file, versions[0]!);
    const child = `
      const { writeFileAtomic } = await import(${JSON.stringify(ATOMIC_MODULE)});
      const versions = ${JSON.stringify(['a', 'b'])}.map((fill) => JSON.stringify({ fill, body: fill.repeat(4 * 1024 * 1024) }) + '\\n');
      process.send?.('ready');
      for (let i = 1; ; i++) await writeFileAtomic(${JSON.stringify(file)}, versions[i % 2]);
    `;
    for (const delay of [150, 400]) {
      const writer = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], {
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      await new Promise((resolve) => writer.once('message', resolve));
      await new Promise((resolve) => setTimeout(resolve, delay));
      writer.kill('SIGKILL');
      await new Promise((resolve) => writer.once('exit', resolve));
      expect(versions).toContain(readFileSync(file, 'utf8'));
      // A kill can strand a temporary file, never a half-written target; the content store skips such names.
      expect(
        readdirSync(dir)
          .filter((name) => name !== 'big.json')
          .every((name) => /^\.big\.json\.\d+\.[0-9a-f]+\.tmp$/.test(name)),
      ).toBe(true);
    }
  }, 20_000);
});
