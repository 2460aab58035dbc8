import { createServer, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { boundOutboundRequests } from '@/lib/core/http/outbound';

// The site's fetches give up on a server that takes the connection and then does not answer
// (lib/core/http/outbound.ts), instead of Node's 5 minutes. Real sockets on loopback: a server that never sends its
// headers, one that stops in the middle of its body, and one that answers.

/** A loopback TCP server whose connections `answer` handles: its address, and its close (connections and all). */
async function tcpServer(answer: (socket: Socket) => void): Promise<{ url: string; close: () => void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    answer(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const close = () => {
    for (const socket of sockets) socket.destroy();
    server.close();
  };
  return { url: `http://127.0.0.1:${port}/inbox`, close };
}

const servers: (() => void)[] = [];
const before = getGlobalDispatcher();

beforeAll(() => {
  boundOutboundRequests({ connectMs: 1_000, headersMs: 300, bodyMs: 300 });
});
afterEach(() => {
  for (const close of servers.splice(0)) close();
});
afterAll(() => setGlobalDispatcher(before));

/** The cause's code of a failed fetch (undici's error), or what it answered. */
const outcome = (request: Promise<Response | string>) =>
  request.then(
    (answer) => (typeof answer === 'string' ? `read: ${answer}` : `status ${answer.status}`),
    (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code ?? String(error),
  );

describe('outbound requests', () => {
  it('a server that takes the connection and never answers is given up on', async () => {
    const { close, url } = await tcpServer(() => {});
    servers.push(close);
    expect(await outcome(fetch(url, { method: 'POST', body: '{}' }))).toBe('UND_ERR_HEADERS_TIMEOUT');
  });

  it('a body that stops coming is given up on', async () => {
    const { close, url } = await tcpServer((socket) =>
      socket.once('data', () =>
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"partial":'),
      ),
    );
    servers.push(close);
    const read = fetch(url).then((response) => response.text());
    expect(await outcome(read)).toBe('UND_ERR_BODY_TIMEOUT');
  });

  it('a server that answers is read as before', async () => {
    const { close, url } = await tcpServer((socket) =>
      socket.once('data', () =>
        socket.end('HTTP/1.1 202 Accepted\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok'),
      ),
    );
    servers.push(close);
    expect(await outcome(fetch(url, { method: 'POST', body: '{}' }).then((r) => r.text()))).toBe('read: ok');
  });
});

describe('the server', () => {
  it('bounds its fetches from its start (instrumentation.ts)', async () => {
    setGlobalDispatcher(before);
    process.env.NEXT_RUNTIME = 'nodejs';
    process.env.NEXT_PHASE = 'phase-production-build';
    process.env.SESSION_SECRET ??= 'outbound-test-secret-long-enough-0123456789';
    process.env.OWNER_PASSWORD ??= 'outbound-test-owner-password';
    const { register } = await import('@/instrumentation');
    await register();
    expect(getGlobalDispatcher()).not.toBe(before);
  });
});
