// How tall an embed frame is (issue 47), from what is known on the server: the author's custom height, the oEmbed's
// width and height, the markup's iframe attributes, the provider's usual height. Players keep their width/height
// ratio; widgets take their height; the rest start at a small default, and the frames whose document says its
// height are fitted to it in the browser (`fitted-frame.tsx`).

import { get, int, numish, rec } from './fields';
import { clampHeight } from './frame-height';

/** The height of a frame nothing says the height of (it was 400px). */
export const DEFAULT_FRAME_HEIGHT = 200;
/** The width attribute of a frame nothing says the width of: the column. CSS makes every frame fluid. */
const COLUMN_WIDTH = 640;

/** The frame's width attribute: the author's custom width, else the first width given, else the column's. */
export function frameWidth(containerData: unknown, ...widths: unknown[]): number {
  for (const width of [get(rec(containerData), 'width', 'custom'), ...widths]) {
    const n = numish(width);
    if (n !== undefined && n > 0) return int(n, 1, 4000)!;
  }
  return COLUMN_WIDTH;
}

/** The author's custom height of a block (`containerData.height.custom`). */
export const customHeight = (containerData: unknown): unknown => get(rec(containerData), 'height', 'custom');

/** The first of `heights` that is a height (a number or a string of one, above 0), clamped to the frame range. */
export function givenHeight(...heights: unknown[]): number | undefined {
  for (const height of heights) {
    const h = clampHeight(numish(height));
    if (h !== null) return h;
  }
  return undefined;
}

/** The height of a `width`-wide player at the ratio of the first complete width/height pair, if any. */
export function ratioHeight(width: number, ...pairs: [unknown, unknown][]): number | undefined {
  for (const [w, h] of pairs) {
    const a = numish(w);
    const b = numish(h);
    if (a && b && a > 0 && b > 0 && a / b >= 0.25 && a / b <= 4) return Math.round((width * b) / a);
  }
  return undefined;
}

/**
 * The script a sandboxed markup frame starts with when the page fits it: it posts `{height}` (the document's own
 * height) to the page when that changes, and again when the page asks. A height that grows right after the frame
 * grew, beyond the frame, follows the frame (`100vh` plus a margin): it is not said, or the frame would grow for ever.
 * Inline, ours, no URL: the page's CSP (inherited by srcdoc) allows it on public pages and blocks it, with the
 * author's scripts, on the owner's, where the frame keeps its height.
 */
export const HEIGHT_REPORTER =
  '(()=>{const r=document.documentElement;let s=-1,w=innerWidth,h=innerHeight,g=false;' +
  'const say=a=>{const n=Math.ceil(r.getBoundingClientRect().height);if(g&&n>innerHeight)return;' +
  "if(a||n!==s)parent.postMessage({height:s=n},'*')};" +
  "addEventListener('resize',()=>{g=innerWidth===w&&innerHeight>h;w=innerWidth;h=innerHeight;setTimeout(()=>{g=false})});" +
  'new ResizeObserver(()=>say()).observe(r);' +
  "addEventListener('message',e=>{e.source===parent&&e.data==='height'&&say(true)})})()";
