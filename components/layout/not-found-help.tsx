import Link from 'next/link';

/** A 404 that helps: what happened, a search box and the way home. No data is read, so it never fails. */
export function NotFoundHelp() {
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>That page does not exist, or the post has moved. Try searching for it:</p>
      <form action="/search" method="get" role="search">
        <label htmlFor="not-found-q">Search posts</label>{' '}
        <input id="not-found-q" name="q" type="search" maxLength={200} /> <button type="submit">Search</button>
      </form>
      <p>
        Or go back to <Link href="/">the latest posts</Link>.
      </p>
    </section>
  );
}
