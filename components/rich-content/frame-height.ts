// The height an embed frame says it needs (issue 47), read from one `message` event. Pure, and all the fitted
// frame's island runs on a message: it is shipped to the browser, so it stays this small.

/** The range a reported height is held to: a frame can neither vanish nor push the post away. */
export const MIN_FRAME_HEIGHT = 40;
export const MAX_FRAME_HEIGHT = 4000;

/** The parts of a `MessageEvent` the reading needs. */
export interface FrameMessage {
  source: unknown;
  origin: string;
  data: unknown;
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;

/** A frame's height clamped to the range, or null when `value` is not a positive number. */
export function clampHeight(value: unknown): number | null {
  if (typeof value !== 'number' || !(value > 0)) return null;
  return Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, Math.ceil(value)));
}

/**
 * The height `message` reports for the frame whose window is `frame` and whose document has `origin` (the
 * provider's, or `"null"` for a sandboxed document of its own), clamped; null for a message from any other
 * window or origin, or one that says no height. Read: X's `{"twttr.embed": {method: "twttr.private.resize",
 * params: [{height}]}}`, Instagram's `{"type": "MEASURE", "details": {height}}` and a plain `{height}` (our
 * srcdoc frames', iframe-resizer style), as objects or JSON text.
 */
export function reportedHeight(message: FrameMessage, frame: unknown, origin: string): number | null {
  if (!frame || message.source !== frame || message.origin !== origin) return null;
  let data = message.data;
  if (typeof data === 'string') {
    if (data.length > 10_000 || !data.startsWith('{')) return null;
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const body = record(data);
  if (!body) return null;
  const twitter = record(body['twttr.embed']);
  if (twitter) {
    const params = Array.isArray(twitter.params) ? record(twitter.params[0]) : undefined;
    return twitter.method === 'twttr.private.resize' ? clampHeight(params?.height) : null;
  }
  if (body.type === 'MEASURE') return clampHeight(record(body.details)?.height);
  return clampHeight(body.height);
}
