// What the public pages' beacons share (page-beacon.tsx, the post page's components/post/view-beacon.tsx): one page
// view per address the reader sees, sent with navigator.sendBeacon (no cookie of its own, not waited for) once the page
// is shown (a page the browser prerendered waits until the reader opens it), with the page the reader came from: the
// other site's address on the first page, then the site's own previous page as they go from page to page.

let previous: string | null = null;

/** Sends `body` to `endpoint` once the page is shown. */
export function sendWhenShown(endpoint: string, body: Record<string, unknown>) {
  const send = () => navigator.sendBeacon?.(endpoint, new Blob([JSON.stringify(body)], { type: 'application/json' }));
  const page = document as Document & { prerendering?: boolean };
  if (page.prerendering) page.addEventListener('prerenderingchange', send, { once: true });
  else send();
}

/** Counts the page now at `location` to `endpoint`, unless it was just counted. */
export function sendPageView(endpoint: string) {
  const url = location.href;
  if (url === previous) return;
  const referrer = previous ?? document.referrer;
  previous = url;
  sendWhenShown(endpoint, { url, referrer });
}
