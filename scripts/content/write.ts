import { writeFile } from 'node:fs/promises';

export const writeJson = (file: string, value: unknown, pretty = true) =>
  writeFile(file, `${JSON.stringify(value, null, pretty ? 2 : undefined)}\n`);
