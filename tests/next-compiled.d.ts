// Next's bundled path-to-regexp (the one it compiles proxy matchers with) ships without types.
declare module 'next/dist/compiled/path-to-regexp' {
  export function pathToRegexp(
    path: string,
    keys?: unknown[],
    options?: { delimiter?: string; sensitive?: boolean; strict?: boolean },
  ): RegExp;
}
