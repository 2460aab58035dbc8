/** Why the owner pages are unavailable: login disabled, or misconfigured (the message names the variable). */
export function OwnerNotice({ kind, message }: { kind: 'disabled' | 'misconfigured'; message: string }) {
  return (
    <section className={`notice notice--${kind}`} role={kind === 'misconfigured' ? 'alert' : 'status'}>
      <h2>{kind === 'disabled' ? 'The dashboard is disabled' : 'The dashboard is misconfigured'}</h2>
      <p>{message}</p>
    </section>
  );
}
