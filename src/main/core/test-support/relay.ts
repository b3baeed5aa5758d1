import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a relay received it, its body read. */
export interface RelayedRequest {
  method: string;
  /** Path and query, /v1 included. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** The answer of the service behind a relay. */
export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export interface Relay {
  /** Base URL including /v1. */
  url: string;
  /** Requests received, in order. */
  requests: RelayedRequest[];
  /** Stops taking connections (refused, as a service that is down) or takes them again on the same port. */
  setDown(down: boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * Passes `request` on to the service at `upstream` (its base URL, /v1 included) with its key and,
 * of its other headers, only those named in `pass`: a relay decides what the service gets to see.
 */
export async function forward(
  upstream: string,
  request: RelayedRequest,
  pass: readonly string[] = ['content-type'],
): Promise<UpstreamAnswer> {
  const headers: Record<string, string> = { authorization: '' };
  for (const name of ['authorization', ...pass]) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await fetch(`${upstream}${request.url.replace(/^\/v1/, '')}`, {
    method: request.method,
    headers,
    ...(request.body && { body: request.body }),
  });
  return { status: answer.status, headers: answer.headers, text: await answer.text() };
}

/** Gives the client the service's answer as it came. */
export function passBack(response: ServerResponse, answer: UpstreamAnswer): void {
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(answer.text);
}

/**
 * A node:http server on port 0 standing for a service, usually in front of the reference service:
 * `answer` replies to each request; a request it fails to answer gets a 502, as from a gateway.
 */
export async function startRelay(
  answer: (request: RelayedRequest, response: ServerResponse) => Promise<void>,
): Promise<Relay> {
  const requests: RelayedRequest[] = [];
  const server = createServer((incoming, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming as AsyncIterable<Buffer>) chunks.push(chunk);
      const request = {
        method: incoming.method ?? '',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      await answer(request, response);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      if (server.listening) server.close(() => resolve());
      else resolve();
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/v1`,
    requests,
    setDown: (down) => (down ? stop() : listen(port)),
    close: stop,
  };
}
