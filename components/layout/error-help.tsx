/** What a reader sees when a page cannot be rendered (the platform is down and nothing good is cached). */
export function ErrorHelp() {
  return (
    <section className="not-found">
      <h1>This page could not be loaded</h1>
      <p>The blog&rsquo;s content service is not answering right now. It is usually back within a minute.</p>
      <p>
        {/* An empty href is this very URL: a retry that works without JavaScript. A full load, not <Link>: the
            client router may be what failed. */}
        <a href="">Try again</a> or go back to <a href="/">the latest posts</a>.
      </p>
    </section>
  );
}
