import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LinklessService {
  url: string;
  /** Requests relayed, in order: method, path and query, and whether it was conditional. */
  requests: Array<{ method: string; url: string; conditional: boolean }>;
  /** Stops taking connections (refused, as a service that is down) or takes them again on the same port. */
  setDown(down: boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * A deployment as the service's own document describes it: no `Link` next page and no `ETag`,
 * so `If-None-Match` is never answered 304. It passes everything else to the reference service.
 * The app's catalogue then takes the union of the "All" list and each status list (at most 100 each).
 */
export async function startLinklessService(upstream: string): Promise<LinklessService> {
  const requests: LinklessService['requests'] = [];
  const relay = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString('utf8');
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      conditional: request.headers['if-none-match'] !== undefined,
    });
    const path = (request.url ?? '/').replace(/^\/v1/, '');
    const answer = await fetch(`${upstream}${path}`, {
      method: request.method,
      headers: {
        authorization: request.headers.authorization ?? '',
        ...(request.headers['content-type'] && { 'content-type': request.headers['content-type'] }),
        ...(typeof request.headers['idempotency-key'] === 'string' && {
          'idempotency-key': request.headers['idempotency-key'],
        }),
      },
      ...(body && { body }),
    });
    const text = await answer.text();
    const keep = ['content-type', 'idempotency-key', 'deprecation', 'sunset'];
    const headers = Object.fromEntries([...answer.headers].filter(([name]) => keep.includes(name)));
    response.writeHead(answer.status, headers);
    response.end(text);
  };
  const server = createServer((request, response) => {
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
    requests,
    setDown: (down) => (down ? stop() : listen(port)),
    close: stop,
  };
}
