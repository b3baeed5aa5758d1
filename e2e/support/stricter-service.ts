import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StricterService {
  url: string;
  close(): Promise<void>;
  /** The next add is created upstream but answered with a 500: the app cannot know it arrived. */
  failNextAdd(): void;
  /** Stops taking connections (refused, as a service that is down) or takes them again on the same port. */
  setDown(down: boolean): Promise<void>;
}

/**
 * A deployment stricter than the shared schema: it refuses names that
 * mention "holiday" with its own 400 message, and passes everything else to
 * the real reference service. The reference service accepts whatever the form
 * accepts, so this is the only way to see the service's own 400 in the form.
 * It does not echo Idempotency-Key, so a lost answer leaves an add in doubt.
 */
export async function startStricterService(upstream: string): Promise<StricterService> {
  let failNext = false;
  const relay = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString('utf8');
    if (request.method === 'POST' && /holiday/i.test(body)) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ code: 'bad_request', message: 'Names must not mention holidays here', status: 400 }),
      );
      return;
    }
    const path = (request.url ?? '/').replace(/^\/v1/, '');
    const answer = await fetch(`${upstream}${path}`, {
      method: request.method,
      headers: {
        authorization: request.headers.authorization ?? '',
        ...(request.headers['content-type'] && { 'content-type': request.headers['content-type'] }),
      },
      ...(body && { body }),
    });
    const text = await answer.text();
    if (request.method === 'POST' && failNext) {
      failNext = false;
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"code":"internal_error","message":"Something broke","status":500}');
      return;
    }
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(text);
  };
  const server: Server = createServer((request, response) => {
    relay(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
  });
  const listen = (at: number) => new Promise<void>((resolve) => server.listen(at, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) {
        resolve();
        return;
      }
      server.closeAllConnections();
      server.close(() => resolve());
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: stop,
    failNextAdd: () => (failNext = true),
    setDown: (down) => (down ? stop() : listen(port)),
  };
}
