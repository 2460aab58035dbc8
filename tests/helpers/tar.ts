import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import { extract } from 'tar-stream';

/** Writes a tar's files and folders (a `.tar.br` fixture, decompressed first) under `dir`, which it creates. */
export async function extractTarBr(file: Buffer, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const reading = extract();
  Readable.from(brotliDecompressSync(file)).pipe(reading);
  for await (const entry of reading) {
    const to = path.join(dir, path.normalize(entry.header.name));
    if (!to.startsWith(path.resolve(dir))) throw new Error(`${entry.header.name} is outside the archive's folder`);
    if (entry.header.type === 'directory') {
      mkdirSync(to, { recursive: true });
      entry.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    mkdirSync(path.dirname(to), { recursive: true });
    writeFileSync(to, Buffer.concat(chunks), { mode: 0o600 });
  }
}
