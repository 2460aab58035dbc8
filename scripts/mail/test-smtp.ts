import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback (the `smtp-server` package), for the newsletter's tests and bench: it takes every
// message, keeps each one's envelope, headers and body, and refuses the recipients it is told to: `bounce` ones with
// 550 (a permanent refusal), `defer` ones with 451 (try again later); and for `drop` ones it takes the message in full,
// then cuts the connection before its answer, as a server that crashes or a network that fails at that moment does:
// the sender cannot know whether the message went.

export interface ReceivedMail {
  to: string[];
  headers: Map<string, string>;
  raw: string;
  /** When it was taken (epoch ms). */
  at: number;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Addresses refused for good (550) and for now (451). */
  bounce: Set<string>;
  defer: Set<string>;
  /** Addresses whose message is taken, then the connection cut before the server's answer. */
  drop: Set<string>;
  close(): Promise<void>;
}

/** The header block of a raw message, unfolded, by lower-cased name (the first of each). */
export function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const bounce = new Set<string>();
  const defer = new Set<string>();
  const drop = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The senders' pooled connections are cut at close rather than waited for.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      const refused = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });
      if (bounce.has(address.address)) return callback(refused(550, '5.1.1 No such user here'));
      if (defer.has(address.address)) return callback(refused(451, '4.3.0 Try again later'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          headers: headersOf(raw),
          raw,
          at: Date.now(),
        });
        if (!session.envelope.rcptTo.some((r) => drop.has(r.address))) return callback();
        // The message is kept; its answer never comes (smtp-server keeps the connection a session belongs to).
        const connections = (server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> })
          .connections;
        for (const connection of connections) if (connection.id === session.id) connection._socket.destroy();
      });
    },
  });
  // A sender that dies mid-message (a killed instance) resets its connection: a real server logs it and goes on.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    bounce,
    defer,
    drop,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
