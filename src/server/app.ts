import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyTypeProvider,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import { GET_PET_SUNSET_HTTP_DATE, parseJsonStrictly, stringifyJson } from '../shared';
import { createBearerCheck } from './auth';
import { registerCreate } from './create-route';
import { DEFAULT_KEY_LIFETIME_MS } from './idempotent-create';
import { ApiFailure, clientErrorMessage, errorBody, rawErrorResponse, toApiFailure } from './errors';
import { registerList } from './list-route';
import { API_PREFIX } from './paths';
import { refuseRepeated } from './request-headers';
import type { PetStore } from './store';
import { TIMEOUTS, type Timeouts } from './timeouts';
import { CanonicalInt64 } from './url-int64';

export { API_PREFIX } from './paths';
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * RFC 9745 `Deprecation` date. The spec gives none: the operation is already
 * deprecated in version 1.0.0, so this is the service's first release date.
 */
export const GET_PET_DEPRECATED_SINCE = new Date('2025-01-01T00:00:00Z');

const DEPRECATION_HEADERS = {
  deprecation: `@${GET_PET_DEPRECATED_SINCE.getTime() / 1000}`,
  sunset: GET_PET_SUNSET_HTTP_DATE,
  link: `<${API_PREFIX}/pets>; rel="successor-version"`,
};

/** Lets routes declare zod schemas and get their parsed output as typed request parts. */
interface ZodTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends z.core.$ZodType ? z.output<this['schema']> : unknown;
  readonly serializer: this['schema'] extends z.core.$ZodType ? z.input<this['schema']> : unknown;
}

export type ServiceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

const PetParams = z.strictObject({ petId: CanonicalInt64 });

/** The allowed methods of each known path, for 405 answers; HEAD comes with every GET. */
const KNOWN_PATHS: { pattern: RegExp; allow: string }[] = [
  { pattern: new RegExp(`^${API_PREFIX}/pets$`), allow: 'GET, HEAD, POST' },
  { pattern: new RegExp(`^${API_PREFIX}/pets/[^/]+$`), allow: 'GET, HEAD' },
];

/** A request the router found no route for: a known path with another method (405), or nothing (404). */
function routeMiss(method: string, url: string): ApiFailure {
  const path = url.split('?', 1)[0] ?? '';
  const known = KNOWN_PATHS.find(({ pattern }) => pattern.test(path));
  return known
    ? new ApiFailure(405, `${method} is not allowed on ${path}; allowed: ${known.allow}`, { allow: known.allow })
    : new ApiFailure(404, `No route ${method} ${path}`);
}

export interface AppOptions {
  store: PetStore;
  apiKeys: readonly string[];
  logger?: boolean;
  /** Milliseconds since the epoch, for Idempotency-Key expiry and every answer's Date; default Date.now. */
  now?: () => number;
  /** How long an Idempotency-Key replays its first answer; default 24 h. */
  keyLifetimeMs?: number;
  /** Shorter ones in tests; the defaults in timeouts.ts otherwise. */
  timeouts?: Partial<Timeouts>;
}

function describeIssues(part: string, error: z.ZodError): string {
  const details = error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return `Invalid ${part}: ${details.join('; ')}`;
}

export function buildApp({ store, apiKeys, logger = false, now = Date.now, ...options }: AppOptions): ServiceApp {
  const isAuthorized = createBearerCheck(apiKeys);
  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // A client that sends slowly, or sits on an idle connection, cannot hold a socket for long.
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleSocketMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // As long as Node's whole request head may be, so any petId reaches auth and validation
    // (a 401 or a 400), instead of the router answering 414 before either.
    routerOptions: { maxParamLength: 16 * 1024 },
    // Requests Node cannot even parse (garbage, oversized headers, too slow) get the Error body too.
    clientErrorHandler: (error, socket) => {
      if (socket.destroyed) return;
      if (socket.writable) socket.write(rawErrorResponse(clientErrorMessage(error)));
      socket.destroy();
    },
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const failure = toApiFailure(error);
      void reply.code(failure.status).send(errorBody(failure.status, failure.message));
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Lossless both ways: integers beyond 2^53 arrive as bigints and leave as exact literals; a key given twice is refused.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonStrictly(body.toString()));
    } catch (error) {
      const reason = error instanceof Error ? `: ${error.message}` : '';
      done(new ApiFailure(400, `Request body is not valid JSON${reason}`), undefined);
    }
  });
  app.setReplySerializer((payload) => stringifyJson(payload));

  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (!(schema instanceof z.core.$ZodType))
      throw new Error(`The ${httpPart ?? 'request'} schema must be a zod schema`);
    const part = httpPart === 'querystring' ? 'query' : (httpPart ?? 'request');
    return (data: unknown) => {
      // Fastify passes null both for no body and for a JSON null; one answer fits both.
      if (part === 'body' && data === null) {
        return { error: new ApiFailure(400, 'Request body is required: a NewPet JSON object') };
      }
      const result = z.safeParse(schema, data);
      return result.success
        ? { value: result.data }
        : { error: new ApiFailure(400, describeIssues(part, result.error)) };
    };
  });

  // Authentication comes first; then a missing route is answered here, before any body
  // is read, since a body sent to a route that does not exist is not worth parsing.
  app.addHook('onRequest', (request, _reply, done) => {
    const repeated = refuseRepeated(request.raw, 'authorization', 'one Authorization header');
    if (repeated) {
      done(repeated);
    } else if (!isAuthorized(request.headers.authorization)) {
      done(
        new ApiFailure(401, 'Missing or invalid API key: send Authorization: Bearer <API key>', {
          'www-authenticate': 'Bearer realm="petstore"',
        }),
      );
    } else {
      done(request.is404 ? routeMiss(request.method, request.url) : undefined);
    }
  });

  // Every answer's Date from the clock that ages keys: a client judges a key's age by it.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('date', new Date(now()).toUTCString());
  });

  app.setErrorHandler((error, request, reply) => {
    const failure = toApiFailure(error);
    if (failure.status === 500) request.log.error({ err: error }, 'internal error');
    // Whoever failed to authenticate gets no second try on this connection, nor its idle time.
    if (failure.status === 401) void reply.header('connection', 'close');
    return reply.code(failure.status).headers(failure.headers).send(errorBody(failure.status, failure.message));
  });

  registerList(app, store);
  registerCreate(app, { store, now, keyLifetimeMs: options.keyLifetimeMs ?? DEFAULT_KEY_LIFETIME_MS });

  app.get(
    `${API_PREFIX}/pets/:petId`,
    {
      schema: { params: PetParams },
      // onSend, not a handler step: the headers must be on every answer, 401 and 400 included.
      onSend: async (_request, reply, payload) => {
        reply.headers(DEPRECATION_HEADERS);
        return payload;
      },
    },
    (request, reply) => {
      const pet = store.get(BigInt(request.params.petId));
      if (!pet) throw new ApiFailure(404, `No pet with id ${request.params.petId}`);
      void reply.send(pet);
    },
  );

  return app;
}
