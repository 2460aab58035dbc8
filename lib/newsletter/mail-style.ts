// The newsletter mail's look (mail.tsx): inline styles, since most mail clients drop a <style> sheet, and the dark
// scheme for the clients that honour `prefers-color-scheme`.

export const WIDTH = 600;
const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
export const styles = {
  body: { backgroundColor: '#f6f6f4', fontFamily: font, margin: 0, padding: '24px 0' },
  container: {
    backgroundColor: '#ffffff',
    maxWidth: `${WIDTH}px`,
    width: '100%',
    padding: '24px 16px',
    borderRadius: '6px',
  },
  site: { fontSize: '13px', color: '#555555', margin: '0 0 8px' },
  title: { fontSize: '26px', lineHeight: '1.25', color: '#1a1a1a', margin: '0 0 12px' },
  text: {
    fontSize: '16px',
    lineHeight: '1.6',
    color: '#1a1a1a',
    margin: '0 0 16px',
    overflowWrap: 'anywhere' as const,
  },
  heading: { color: '#1a1a1a', margin: '24px 0 8px', lineHeight: '1.3' },
  quote: { borderLeft: '3px solid #c9c9c4', margin: '0 0 16px', padding: '0 0 0 12px', color: '#444444' },
  image: { maxWidth: '100%', height: 'auto', borderRadius: '4px', display: 'block', margin: '0 0 16px' },
  button: { backgroundColor: '#1a1a1a', color: '#ffffff', padding: '12px 20px', borderRadius: '4px', fontSize: '15px' },
  footer: { fontSize: '12px', lineHeight: '1.5', color: '#666666', margin: '0 0 4px' },
  code: {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontSize: '13px',
    lineHeight: '1.5',
    backgroundColor: '#f0f0ec',
    color: '#1a1a1a',
    padding: '12px',
    borderRadius: '4px',
    // Wrapped, not scrolled: a table cell grows to its widest line, and few mail clients scroll a block sideways.
    whiteSpace: 'pre-wrap' as const,
    overflowWrap: 'anywhere' as const,
    margin: '0 0 16px',
  },
  table: { borderCollapse: 'collapse' as const, width: '100%', margin: '0 0 16px', fontSize: '14px' },
  cell: {
    border: '1px solid #dddddd',
    padding: '6px 8px',
    textAlign: 'left' as const,
    verticalAlign: 'top' as const,
    overflowWrap: 'anywhere' as const,
  },
};

/** Dark mode for the clients that read it (Apple Mail, Outlook on macOS, some webmails); the rest keep the light. */
export const DARK = `@media (prefers-color-scheme: dark) {
  body, .mail-body { background-color: #161616 !important; }
  .mail-card { background-color: #202020 !important; }
  .mail-card h1, .mail-card h2, .mail-card h3, .mail-card p, .mail-card li, .mail-card td, .mail-card th {
    color: #ececec !important;
  }
  .mail-card pre { background-color: #2a2a2a !important; color: #ececec !important; }
  .mail-card a { color: #9cc3ff !important; }
  .mail-button { background-color: #ececec !important; color: #161616 !important; }
}`;
