// Runs once when the server starts. A misconfiguration stops the process here, with the variables to set: a hook that
// throws does not stop `next start`, it makes every request answer 500 for as long as the server runs. Anything else
// that fails here (the data service's database, Redis, the content's preload) is logged and left to recover on its
// own: the site serves what it can meanwhile.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { config } = await import('./lib/core/config');
  try {
    const { checkWebhookKey } = await import('./lib/edge/webhooks/keys');
    const { owner, webhookPublicKey } = config();
    checkWebhookKey(webhookPublicKey);
    if (owner.status === 'misconfigured') throw new Error(owner.message);
  } catch (error) {
    console.error(`The site cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // No fetch of this process waits more than half a minute on another server (Node's own bound is 5 minutes): a
  // fediverse instance that takes the connection and never answers held the deliveries queued beside its own.
  (await import('./lib/core/http/outbound')).boundOutboundRequests();
  // The client of each request is its connection's address unless proxies are trusted (TRUST_PROXY_HOPS): stamped
  // here, before Next reads the request, so a client's own X-Forwarded-For never picks its budget.
  if (!config().building) {
    const { stampPeerAddresses } = await import('./lib/core/http/peer');
    // A stored redirect's Location once, not twice (Next's vercel/next.js#82117: single-headers.ts).
    (await import('./lib/core/http/single-headers')).keepSingleHeadersSingle();
    const hops = config().trustProxyHops;
    stampPeerAddresses(hops, (line) => console.warn(JSON.stringify({ msg: 'client addresses', warning: line })));
    console.log(
      hops === 0
        ? "Client addresses: each connection's own (no proxy trusted; behind a reverse proxy set TRUST_PROXY_HOPS)."
        : `Client addresses: X-Forwarded-For, ${hops} trusted prox${hops === 1 ? 'y' : 'ies'} (TRUST_PROXY_HOPS).`,
    );
  }
  const warn = (msg: string) => (error: unknown) => console.warn(JSON.stringify({ msg, error: String(error) }));
  try {
    const { blogSource, refreshOnRemoteTags, watchContent } = await import('./lib/blog');
    // With REDIS_URL: connect now (limits counted before it answers are this process's alone), and let another
    // instance's webhook refresh this instance's source too.
    const { siteRedis } = await import('./lib/core/redis/shared');
    siteRedis(config().redisUrl);
    refreshOnRemoteTags();
    // The local platform's content folder: what the CLI or an editor writes there is published as the platform's event.
    if (!config().building) watchContent();
    // Not awaited: the server starts listening meanwhile, and a request that needs the content waits for this read
    // rather than starting its own (100,000 posts: ~3 s, from the index beside the content).
    void blogSource().preload?.().catch(warn('content preload failed'));
  } catch (error) {
    warn('blog source start failed')(error);
  }
  // The data service's database opens now (PGlite: ~1 s), not on the first post page that reads its series. Not in the
  // build: it opens the database only if a page reads it, and closes it once they stop.
  if (config().building) return;
  try {
    const { dataClient } = await import('./lib/data');
    const { OWNER } = await import('./lib/data/permissions');
    const { isCatalogueError } = await import('./lib/core/errors');
    // A platform that lacks some of the site's collections (a bare Wix site) says so once, naming each and what it
    // serves: those features are off until it is made (lib/data/reads.ts); the dashboard lists them too.
    const client = dataClient();
    // Not awaited: the server listens meanwhile.
    void client
      .missing()
      .then((missing) => {
        for (const id of missing) {
          console.warn(
            JSON.stringify({
              msg: `data collection missing: ${client.collection(id)?.feature ?? id} off`,
              collection: id,
              create: 'npm run blog -- wix setup (or the CMS in the Wix dashboard), then "Check again" on /dashboard',
            }),
          );
        }
        // An unavailable database (503) has logged its own line, saying why, and keeps trying in the background.
        if (missing.includes('series')) return;
        return client.count('series', {}, OWNER).catch((error: unknown) => {
          if (!(isCatalogueError(error) && error.status === 503)) warn('data service warm-up failed')(error);
        });
      })
      .catch(warn('data collections: could not tell which exist'));
  } catch (error) {
    warn('data service start failed')(error);
  }
  // Analytics' recorder: the views the beacons deliver (the proxy answers the public pages' own) are written from now.
  try {
    const { startAnalytics } = await import('./lib/analytics');
    await startAnalytics();
  } catch (error) {
    warn('analytics start failed')(error);
  }
  // The newsletter's worker on the site's job queue (pg-boss in the records database): sends left unfinished by a stop
  // resume, and each post's first publication is mailed; and the workers of the reply notices and the comments
  // digest. Not awaited: the server listens meanwhile.
  try {
    // A start that fails (the database down) is tried again until it starts (lib/data/jobs.ts `keepStarting`).
    const { keepStarting } = await import('./lib/data');
    const retrying = (msg: string) => (error: unknown, retryInMs: number) =>
      console.warn(JSON.stringify({ msg, error: String(error), retryInSeconds: retryInMs / 1000 }));
    const { startNewsletter } = await import('./lib/newsletter');
    void keepStarting(startNewsletter, retrying('newsletter: the send queue did not start'));
    const { startCommentMail } = await import('./lib/comments');
    void keepStarting(startCommentMail, retrying('comments: the reply notices and digest did not start'));
    // Scheduled posts: each draft's publication at its time, on one instance (lib/schedule).
    const { startScheduling } = await import('./lib/schedule');
    void keepStarting(startScheduling, retrying('schedule: scheduled publishing did not start'));
    // The data service's jobs (an import, a truncate, a re-index): this instance's worker, and the jobs a stop left
    // unfinished taken up again where their records say they got to (lib/data/data-jobs).
    const { startDataJobs } = await import('./lib/data');
    void keepStarting(startDataJobs, retrying('data jobs: the worker did not start'));
    // The dashboard's imports (lib/transfer): this instance's worker, and the imports a stop left unfinished run again.
    const { startImports } = await import('./lib/transfer');
    void keepStarting(startImports, retrying('imports: the worker did not start'));
    // The blog on the fediverse (lib/fediverse): its deliveries' worker, and each post's changes sent to its followers.
    const { startFediverse } = await import('./lib/fediverse/start');
    void keepStarting(startFediverse, retrying('fediverse: the deliveries did not start'));
  } catch (error) {
    warn('newsletter start failed')(error);
  }
}
