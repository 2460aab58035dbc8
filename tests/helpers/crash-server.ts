import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { register } from 'node:module';

// The site's write routes served over node:http in a process a test can SIGKILL (tests/data/crash.test.ts): the app's
// own route handlers (app/api/...), called with the Request a browser's request becomes, so each write takes the code
// path it takes under `next start`, without a build. The environment is the parent's (DATA_DIR, BLOG_SOURCE=local,
// BLOG_CONTENT_DIR, SESSION_SECRET, OWNER_PASSWORD, DATABASE_URL...). Outside a Next server there is no cache to
// clear: `next/cache` is the no-op tests/setup.ts makes it for vitest. The database is opened before the port is
// announced (one JSON line on stdout: `{"port":…}`), so a start on a folder a killed process left behind either opens
// it by itself or fails here, visibly.
//
//   tsx tests/helpers/crash-server.ts

const NO_CACHE =
  'export const cacheLife = () => {}, cacheTag = () => {}, revalidateTag = () => {}, updateTag = () => {}, ' +
  'revalidatePath = () => {}, refresh = () => {}, unstable_noStore = () => {}, unstable_cache = (fn) => fn;';
const HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier === 'next/cache' || specifier === 'next/cache.js') {
    return { url: 'data:text/javascript,' + encodeURIComponent(${JSON.stringify(NO_CACHE)}), shortCircuit: true };
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);

const join = await import('@/app/api/members/join/route');
const session = await import('@/app/api/members/session/route');
const comments = await import('@/app/api/posts/[postId]/comments/route');
const likes = await import('@/app/api/posts/[postId]/likes/route');
const items = await import('@/app/api/data/v2/items/route');
const item = await import('@/app/api/data/v2/items/[dataItemId]/route');
const { dataClient, OWNER } = await import('@/lib/data');
const { siteMembers } = await import('@/lib/members');
const { postComments } = await import('@/lib/comments');

/** A route module's handlers, each taking its own context type (hence `never` here; called with `{ params }`). */
type Module = Partial<Record<string, (request: Request, context: never) => Promise<Response>>>;
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The routes served: a path pattern, its module, and the name of its one dynamic segment. */
const ROUTES: [RegExp, Module, string?][] = [
  [/^\/api\/members\/join$/, join],
  [/^\/api\/members\/session$/, session],
  [/^\/api\/posts\/([^/]+)\/comments$/, comments, 'postId'],
  [/^\/api\/posts\/([^/]+)\/likes$/, likes, 'postId'],
  [/^\/api\/data\/v2\/items$/, items],
  [/^\/api\/data\/v2\/items\/([^/]+)$/, item, 'dataItemId'],
];

async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
  const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? '127.0.0.1'}`);
  const method = incoming.method ?? 'GET';
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const request = new Request(url, {
    method,
    headers,
    ...(method !== 'GET' && method !== 'HEAD' && { body: Buffer.concat(chunks) }),
  });
  let response = new Response(null, { status: 404 });
  for (const [pattern, module, segment] of ROUTES) {
    const match = pattern.exec(url.pathname);
    const handler = match && (module[method] as Handler | undefined);
    if (!handler) continue;
    const params = segment ? { [segment]: decodeURIComponent(match[1]!) } : {};
    response = await handler(request, { params: Promise.resolve(params) });
    break;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const head: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') head[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) head['set-cookie'] = cookies;
  outgoing.writeHead(response.status, { ...head, 'content-length': String(body.length) });
  outgoing.end(body);
}

// The site's database, opened (and the collections the routes write declared) before the port is announced.
siteMembers();
dataClient().declare(postComments);
await dataClient().count('series', {}, OWNER);

const server = createServer((incoming, outgoing) => {
  handle(incoming, outgoing).catch((error: unknown) => {
    console.error(JSON.stringify({ msg: 'crash-server: request failed', error: String(error) }));
    if (!outgoing.headersSent) outgoing.writeHead(500);
    outgoing.end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});

// The test's process gone (its stdin closed): this one goes too, rather than hold the folder.
process.stdin.resume();
process.stdin.once('end', () => process.exit(1));

// A stop asked for (the test's last step): the database closed, as a server's own handlers would.
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void dataClient()
    .close()
    .finally(() => process.exit(0));
});
