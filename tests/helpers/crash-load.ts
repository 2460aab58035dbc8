import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIKER_COOKIE } from '@/lib/likes/visitor';
import { MEMBER_SESSION_COOKIE } from '@/lib/members/session-cookie';

// The other side of tests/helpers/crash-server.ts: start it, send it writes as browsers and the owner do (members
// joining, comments, likes, data items), SIGKILL it mid-load, and after a new start on the same data look up every
// write it acknowledged. A write is acknowledged when its answer arrived and says it was done: a 2xx (a comment's 201,
// a like's 200 with its liker cookie, a data item's 200), and for a member joining, the join form's 303 to the next
// page with the new member's session cookie (the form route answers every outcome with a 303; a failure's names a
// notice and sets no session).

const SERVER = path.join(import.meta.dirname, 'crash-server.ts');

export interface CrashServer {
  child: ChildProcess;
  base: string;
  /** Everything it wrote on stderr (a failed request, the database's complaints). */
  stderr: () => string;
}

/**
 * Starts the site's write routes in a child process with `env` (over this process's, without its DATABASE_URL and
 * REDIS_URL); resolves once its database is open and it listens.
 */
export async function startCrashServer(env: Record<string, string>): Promise<CrashServer> {
  const inherited = { ...process.env, DATABASE_URL: undefined, REDIS_URL: undefined };
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...inherited, ...env },
    stdio: ['pipe', 'pipe', 'pipe'], // stdin: held open for as long as this process lives
  });
  let errors = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (errors += text));
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`crash-server ended (${code ?? signal}) before listening`)));
    lines.on('line', (line) => {
      const port = /^\{"port":(\d+)\}$/.exec(line)?.[1];
      if (port) resolve(Number(port));
    });
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n${errors}`);
  });
  return { child, base: `http://127.0.0.1:${port}`, stderr: () => errors };
}

/** Stops a server that was not killed: SIGTERM (it closes its database), and waits for its end. */
export async function stopCrashServer({ child }: CrashServer): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = once(child, 'exit');
  child.kill('SIGTERM');
  await ended;
}

/** What an acknowledged write left to look up after the restart. */
export type Ack =
  | { kind: 'join'; email: string; cookie: string }
  | { kind: 'comment'; postId: string; text: string; cookie: string }
  | { kind: 'like'; postId: string; cookie: string }
  | { kind: 'item'; id: string };

/** A refusal: the write's kind and the answer's status (and a form's notice). */
export interface Refusal {
  kind: Ack['kind'];
  answer: string;
}

/** A write to send: answers its Ack when done, a Refusal when answered otherwise; rejects when never answered. */
export type Write = (base: string) => Promise<Ack | Refusal>;

/** A refusal that says the database could not be reached in time (503 WDE0053; the join form's "try later"). */
export const isUnavailable = ({ answer }: Refusal) => answer === '503' || answer === '303 try-later';

let clients = 0;
/** Each request from its own client address (the site behind one proxy): per-address limits are not what is tested. */
const nextClient = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

const cookieOf = (response: Response, name: string) => {
  for (const raw of response.headers.getSetCookie()) {
    const [pair] = raw.split(';');
    const at = pair!.indexOf('=');
    if (pair!.slice(0, at) === name && at + 1 < pair!.length) return `${name}=${pair!.slice(at + 1)}`;
  }
  return undefined;
};

const post = (base: string, route: string, body: string, type: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${route}`, {
    method: 'POST',
    body,
    headers: { 'content-type': type, 'x-forwarded-for': nextClient(), ...headers },
    redirect: 'manual',
  });
const [json, form] = ['application/json', 'application/x-www-form-urlencoded'];

/** A new member joining by the join form. */
export const joinWrite =
  (email: string): Write =>
  async (base) => {
    const fields = new URLSearchParams({ email, password: 'correct horse battery', displayName: email.split('@')[0]! });
    const response = await post(base, '/api/members/join', fields.toString(), form);
    await response.arrayBuffer();
    const cookie = cookieOf(response, MEMBER_SESSION_COOKIE);
    const notice = new URL(response.headers.get('location') ?? '/', base).searchParams.get('notice');
    if (response.status === 303 && cookie && !notice) return { kind: 'join', email, cookie };
    return { kind: 'join', answer: `${response.status}${notice ? ` ${notice}` : ''}` };
  };

/** A member's comment on a post (JSON, as the comment island sends it). */
export const commentWrite =
  (cookie: string, postId: string, text: string): Write =>
  async (base) => {
    const response = await post(base, `/api/posts/${postId}/comments`, JSON.stringify({ text }), json, { cookie });
    await response.arrayBuffer();
    return response.status === 201
      ? { kind: 'comment', postId, text, cookie }
      : { kind: 'comment', answer: String(response.status) };
  };

/** A visitor's first like of a post (no cookie yet: the answer sets the liker cookie). */
export const likeWrite =
  (postId: string): Write =>
  async (base) => {
    const response = await post(base, `/api/posts/${postId}/likes`, '{}', json);
    await response.arrayBuffer();
    const cookie = cookieOf(response, LIKER_COOKIE);
    return response.status === 200 && cookie
      ? { kind: 'like', postId, cookie }
      : { kind: 'like', answer: String(response.status) };
  };

/** The owner inserting a data item through the data API. */
export const itemWrite =
  (ownerCookie: string, id: string): Write =>
  async (base) => {
    const body = JSON.stringify({ dataCollectionId: 'series', dataItem: { id, data: { title: `Series ${id}` } } });
    const response = await post(base, '/api/data/v2/items', body, json, { cookie: ownerCookie });
    await response.arrayBuffer();
    return response.status === 200 ? { kind: 'item', id } : { kind: 'item', answer: String(response.status) };
  };

/** Whether the restarted site has an acknowledged write, asked through the site's own read routes. */
export async function isThere(base: string, ack: Ack, ownerCookie: string): Promise<boolean> {
  const get = (route: string, cookie: string) => fetch(`${base}${route}`, { headers: { cookie } });
  switch (ack.kind) {
    case 'join': {
      const response = await get('/api/members/session', ack.cookie);
      return response.ok && ((await response.json()) as { member: { email: string } }).member.email === ack.email;
    }
    case 'comment': {
      const response = await get(`/api/posts/${ack.postId}/comments`, ack.cookie);
      const { mine } = (await response.json()) as { mine?: unknown[] };
      return response.ok && JSON.stringify(mine).includes(ack.text);
    }
    case 'like': {
      const response = await get(`/api/posts/${ack.postId}/likes`, ack.cookie);
      return response.ok && ((await response.json()) as { liked: boolean }).liked;
    }
    case 'item': {
      const response = await get(`/api/data/v2/items/${ack.id}?dataCollectionId=series`, ownerCookie);
      await response.arrayBuffer();
      return response.status === 200;
    }
  }
}

export interface Load {
  /** How many writes were sent. */
  sent: number;
  /** The writes acknowledged, each answered before the process died. */
  acks: Ack[];
  /** Writes answered without being done. */
  refused: Refusal[];
  /** Writes sent that got no answer: those in flight when the process was killed. */
  unanswered: number;
  /** Writes sent and unanswered when the server was killed (-1: not killed, the limit came first). */
  inFlightAtKill: number;
  /** Writes that failed without an answer before the kill (the server dropped them): none is expected. */
  droppedBeforeKill: number;
}

export interface LoadShape {
  /** How many writes are kept in flight: a new one is sent as each is answered. */
  window: number;
  /** The kill comes once this many are acknowledged... */
  killAfter: number;
  /** ...with at least this many of every kind among them... */
  each: number;
  /** ...and at least this many sent and unanswered. */
  inFlight: number;
  /** No more writes than this are sent (a site that acknowledges nothing is still killed, and the test fails). */
  limit: number;
}

const KINDS: Ack['kind'][] = ['join', 'comment', 'like', 'item'];

/**
 * Keeps `window` writes in flight (`writeAt(0)`, `writeAt(1)`...) until `killAfter` are acknowledged with `each` of
 * every kind among them; then stops the server (SIGSTOP: it runs no further), takes in every answer it had written,
 * and SIGKILLs it if at least `inFlight` writes are still unanswered (else lets it go on, and asks again at the next
 * acknowledgement). So the kill lands on a server with those writes in flight, and each write counted as acknowledged
 * was answered before it: however late this process reads its sockets. Answers once every write has its answer or its
 * failure, and the process is gone.
 */
export async function sendAndKill(
  server: CrashServer,
  writeAt: (n: number) => Write,
  { window, killAfter, each, inFlight, limit }: LoadShape,
): Promise<Load> {
  const load: Load = { sent: 0, acks: [], refused: [], unanswered: 0, inFlightAtKill: -1, droppedBeforeKill: 0 };
  const byKind = new Map<Ack['kind'], number>();
  const ended = once(server.child, 'exit');
  let state = 'sending' as 'sending' | 'stopped' | 'killed';
  let running = 0;
  let settled = 0;
  let done = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const ready = () => load.acks.length >= killAfter && KINDS.every((kind) => (byKind.get(kind) ?? 0) >= each);

  const answered = (ack: Ack | Refusal) => {
    if ('answer' in ack) return void load.refused.push(ack);
    load.acks.push(ack);
    byKind.set(ack.kind, (byKind.get(ack.kind) ?? 0) + 1);
  };
  const unanswered = () => {
    load.unanswered += 1;
    if (state !== 'killed') load.droppedBeforeKill += 1;
  };
  const pump = () => {
    while (state === 'sending' && running < window && load.sent < limit) {
      const write = writeAt(load.sent);
      load.sent += 1;
      running += 1;
      void write(server.base)
        .then(answered, unanswered)
        .finally(() => {
          running -= 1;
          settled += 1;
          if (state === 'sending' && ready()) void stopAndKill();
          pump();
        });
    }
    if (running === 0 && (state === 'killed' || load.sent >= limit)) done();
  };
  const stopAndKill = async () => {
    state = 'stopped';
    server.child.kill('SIGSTOP');
    // The stopped server writes nothing more: what it wrote is in this process's sockets. Read until three rounds
    // (each past a poll of the sockets) bring no answer.
    for (let quiet = 0; quiet < 3;) {
      const seen = settled;
      await sleep(50);
      await new Promise((resolve) => setImmediate(resolve));
      quiet = settled === seen ? quiet + 1 : 0;
    }
    if (running >= inFlight || load.sent >= limit) {
      state = 'killed';
      load.inFlightAtKill = running;
      server.child.kill('SIGKILL');
    } else {
      state = 'sending';
      server.child.kill('SIGCONT');
    }
    pump();
  };

  pump();
  await finished;
  if (state !== 'killed') server.child.kill('SIGKILL');
  await ended;
  return load;
}

/** The acknowledged writes the restarted server does not have (looked up `parallel` at a time). */
export async function missingAfterRestart(base: string, acks: Ack[], ownerCookie: string, parallel = 8) {
  const missing: Ack[] = [];
  let next = 0;
  const worker = async () => {
    while (next < acks.length) {
      const ack = acks[next++]!;
      if (!(await isThere(base, ack, ownerCookie))) missing.push(ack);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return missing;
}

/** How many of each kind, as `join 12, comment 40, ...`. */
export const countsOf = (writes: { kind: Ack['kind'] }[]) =>
  KINDS.map((kind) => `${kind} ${writes.filter((write) => write.kind === kind).length}`).join(', ');
