import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A deployment stricter than the shared schema: it refuses names that
 * mention "holiday" with its own 400 message, and passes everything else to
 * the real reference service. The reference service accepts whatever the form
 * accepts, so this is the only way to see the service's own 400 in the form.
 */
export async function startStricterService(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
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
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(await answer.text());
  };
  const server: Server = createServer((request, response) => {
    relay(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
