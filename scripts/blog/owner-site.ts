import type { DataIo } from './data-io';
import { UsageError } from './errors';
import { siteAddress } from './settings';

// The running site (SITE_URL, else this machine at PORT: settings.ts `siteAddress`), asked as its owner
// (OWNER_PASSWORD, the site's): the CLI signs in as the dashboard's login does, sends its requests with that session,
// and signs out at the end. Used by the commands that need the running site: a data job (data-jobs.ts), a backup of
// the embedded database the site holds (backup.ts). What they send says the address it went to (the import's job,
// the backup's source), and so does each failure (unreachable, refused).

const TIMEOUT_MS = 30_000;
const SESSION_PATH = '/api/owner/session';

/** A failure of a command that asked the site: its message and exit status. */
export class SiteCommandError extends Error {
  override name = 'SiteCommandError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** The site as its owner; `purpose` says why the owner's password is needed when it is not set. */
export function ownerSite(io: DataIo, purpose: string) {
  const siteUrl = siteAddress(io.env);
  const password = io.env.OWNER_PASSWORD?.trim();
  if (!password)
    throw new UsageError(`${purpose} as the site's owner: set OWNER_PASSWORD (the site's) and SITE_URL (or PORT)`);
  const fetchImpl = io.fetch ?? fetch;
  let cookie: string | undefined;

  /** The answer as it comes (its body not read): within `timeoutMs` for the whole of it (default 30 s). */
  async function request(method: string, pathname: string, init: RequestInit = {}, timeoutMs = TIMEOUT_MS) {
    const url = `${siteUrl}${pathname}`;
    try {
      return await fetchImpl(url, {
        ...init,
        method,
        headers: { ...(init.headers as Record<string, string>), ...(cookie && { cookie }) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
      throw new SiteCommandError(`could not reach ${siteUrl}: ${reason || String(error)}`, 1);
    }
  }

  /** A request whose answer is JSON (or nothing): its status, body and headers. */
  async function call(method: string, pathname: string, init: RequestInit = {}): Promise<Answer> {
    const response = await request(method, pathname, init);
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { error: { message: text.slice(0, 300) } };
    }
    return { status: response.status, body, headers: response.headers };
  }

  /** The catalogue's error of an answer, as the CLI prints every error; 2 for a 4xx, 1 otherwise. */
  const refused = (answer: Pick<Answer, 'status' | 'body'>, what: string) => {
    const error = (answer.body.error ?? {}) as { wde?: string; message?: string };
    const said = [error.wde, error.message].filter(Boolean).join(' ') || `HTTP ${answer.status}`;
    return new SiteCommandError(`${what}: ${said}`, answer.status >= 400 && answer.status < 500 ? 2 : 1);
  };

  return {
    siteUrl,
    request,
    call,
    refused,
    async signIn() {
      const answer = await call('POST', SESSION_PATH, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password }),
      });
      const session = answer.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => c.startsWith('owner_session=') && c !== 'owner_session=');
      if (answer.status !== 204 || !session) throw refused(answer, `${siteUrl} refused the owner's sign-in`);
      cookie = session;
    },
    async signOut() {
      if (!cookie) return;
      await call('DELETE', SESSION_PATH).catch(() => undefined);
      cookie = undefined;
    },
  };
}

export type OwnerSite = ReturnType<typeof ownerSite>;
