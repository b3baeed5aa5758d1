import type { IncomingMessage, ServerResponse } from 'node:http';
import { PLAIN_TEXT } from '../../src/main/security/content-types';
import { securityHeaders } from '../../src/main/security/csp';

const MAX_BODY_BYTES = 1024 * 1024;
const HEADERS = { ...securityHeaders('preview'), 'Cache-Control': 'no-store' };

/** Every answer carries the same security headers as the shell's app:// pages (CSP plus `connect-src 'self'`). */
export function send(response: ServerResponse, status: number, body: string | Buffer, type = PLAIN_TEXT): void {
  response.writeHead(status, { ...HEADERS, 'Content-Type': type });
  response.end(body);
}

/** The request body as text, or null when it exceeds the limit. */
export async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Opens a Server-Sent Events stream; returns a writer for one event. */
export function openEventStream(response: ServerResponse): (name: string, payload: unknown) => void {
  response.writeHead(200, {
    ...HEADERS,
    'Content-Type': 'text/event-stream; charset=utf-8',
    Connection: 'keep-alive',
  });
  response.write(': connected\n\n');
  return (name, payload) => response.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
}
