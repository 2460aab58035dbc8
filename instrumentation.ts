// Runs once when the server starts: a misconfiguration stops it here, with the variable's name,
// instead of surfacing as a broken page or a failing webhook later.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { config } = await import('./lib/config');
  const { blogSource } = await import('./lib/blog/sources');
  const { checkWebhookKey } = await import('./lib/webhooks/keys');
  const { refreshOnRemoteTags } = await import('./lib/webhooks/remote-tags');
  const { owner, webhookPublicKey } = config();
  const source = blogSource();
  checkWebhookKey(webhookPublicKey);
  if (owner.status === 'misconfigured') throw new Error(owner.message);
  // With REDIS_URL: connect now (limits counted before it answers are this process's alone), and let another
  // instance's webhook refresh this instance's source too.
  const { siteRedis } = await import('./lib/redis/shared');
  siteRedis(config().redisUrl);
  refreshOnRemoteTags();
  // Not awaited: the server starts listening meanwhile, and a request that needs the content waits for this read
  // rather than starting its own (100,000 posts: ~3 s, from the index beside the content).
  void source
    .preload?.()
    .catch((error: unknown) => console.warn(JSON.stringify({ msg: 'content preload failed', error: String(error) })));
  // The data service's database opens now (PGlite: ~1 s), not on the first post page that reads its series.
  const { dataClient } = await import('./lib/data');
  const { OWNER } = await import('./lib/data/permissions');
  void dataClient()
    .count('series', {}, OWNER)
    .catch((error: unknown) =>
      console.warn(JSON.stringify({ msg: 'data service warm-up failed', error: String(error) })),
    );
}
