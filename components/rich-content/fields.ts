// Tolerant readers: rich content comes from outside, so every field is checked before it is used.

export type Rec = Record<string, unknown>;

const EMPTY: Rec = Object.freeze({}) as Rec;

export const obj = (value: unknown): Rec | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Rec) : undefined;

/** An object or an empty one, so chains of reads never need a null check. */
export const rec = (value: unknown): Rec => obj(value) ?? EMPTY;

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A string with visible content. */
export const text = (value: unknown): string | undefined => {
  const s = str(value)?.trim();
  return s ? s : undefined;
};

export const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A number, or a string holding one (`"156"`). */
export const numish = (value: unknown): number | undefined => {
  if (typeof value === 'string' && value.trim() !== '') return num(Number(value));
  return num(value);
};

export const int = (value: unknown, min: number, max: number): number | undefined => {
  const n = numish(value);
  return n === undefined ? undefined : Math.min(max, Math.max(min, Math.round(n)));
};

export const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

export const arr = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** Reads a nested path, stopping at the first missing or non-object step. */
export const get = (value: unknown, ...path: string[]): unknown => {
  let current: unknown = value;
  for (const key of path) {
    const o = obj(current);
    if (!o || !Object.hasOwn(o, key)) return undefined;
    current = o[key];
  }
  return current;
};

/** The `<name>Data` object of a node, or an empty object when it is missing or not an object. */
export const nodeData = (node: Rec, key: string): Rec => rec(node[key]);

export const childNodes = (node: Rec): readonly unknown[] => arr(node.nodes);
