import { forward, startRelay, type Relay } from '../../src/main/core/test-support/relay';

export interface StricterService extends Relay {
  /** The next add is created upstream but answered with a 500: the app cannot know it arrived. */
  failNextAdd(): void;
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
  const relay = await startRelay(async (request, response) => {
    if (request.method === 'POST' && /holiday/i.test(request.body)) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ code: 'bad_request', message: 'Names must not mention holidays here', status: 400 }),
      );
      return;
    }
    const answer = await forward(upstream, request);
    if (request.method === 'POST' && failNext) {
      failNext = false;
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"code":"internal_error","message":"Something broke","status":500}');
      return;
    }
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(answer.text);
  });
  return Object.assign(relay, { failNextAdd: () => (failNext = true) });
}
