import type { FastifyReply, FastifyRequest } from 'fastify';
import { WireNewPet } from '../shared';
import type { ServiceApp } from './app';
import { API_PREFIX } from './paths';
import {
  IDEMPOTENCY_KEY_HEADER,
  InFlightKeys,
  KEY_LIFETIME_HEADER,
  bodyFingerprint,
  credentialScope,
  echoableKey,
  inProgress,
  readIdempotencyKey,
  reusedWithAnotherBody,
} from './idempotency';
import type { PetStore, PetToStore, StoredPet } from './store';

export interface CreateRouteOptions {
  store: PetStore;
  /** Milliseconds since the epoch; tests pass their own clock to see keys expire. */
  now: () => number;
  /** How long a key replays its first answer; stated on every answer that names the key. */
  keyLifetimeMs: number;
}

function created(reply: FastifyReply, pet: StoredPet): void {
  void reply.code(201).header('location', `${API_PREFIX}/pets/${pet.id}`).send(pet);
}

/**
 * POST /pets, with the Idempotency-Key header of the IETF httpapi draft: a key is claimed
 * when its request arrives (before the body is read) and released when the answer is sent,
 * so a second request with the key while the body of the first is still arriving is 409.
 */
export function registerCreate(app: ServiceApp, { store, now, keyLifetimeMs }: CreateRouteOptions): InFlightKeys {
  const inFlight = new InFlightKeys();
  const releases = new WeakMap<FastifyRequest, () => void>();
  const release = (request: FastifyRequest, _reply: unknown, done: () => void): void => {
    releases.get(request)?.();
    done();
  };

  app.post(
    `${API_PREFIX}/pets`,
    {
      schema: { body: WireNewPet },
      onRequest: (request, _reply, done) => {
        let key: string | undefined;
        try {
          key = readIdempotencyKey(request.raw);
        } catch (error) {
          done(error as Error);
          return;
        }
        const claim =
          key === undefined ? undefined : inFlight.claim(credentialScope(request.headers.authorization), key);
        if (key !== undefined && !claim) {
          done(inProgress());
          return;
        }
        if (claim) releases.set(request, claim);
        done();
      },
      // Every answer to a request with a key names it, 401s and 400s included, and how long keys are kept.
      onSend: (request, reply, payload, done) => {
        const key = echoableKey(request.raw);
        if (key !== undefined) {
          void reply.header(IDEMPOTENCY_KEY_HEADER, key);
          void reply.header(KEY_LIFETIME_HEADER, String(Math.floor(keyLifetimeMs / 1000)));
        }
        done(null, payload);
      },
      onResponse: release,
      onRequestAbort: (request, done) => {
        releases.get(request)?.();
        done();
      },
    },
    (request, reply) => {
      const { name, categoryId, status = 'available' } = request.body;
      const pet: PetToStore = { name, categoryId: BigInt(categoryId), status };
      const key = readIdempotencyKey(request.raw);
      if (key === undefined) {
        created(reply, store.create(pet));
        return;
      }
      const outcome = store.keyed.create(pet, {
        scope: credentialScope(request.headers.authorization),
        key,
        fingerprint: bodyFingerprint(pet),
        now: now(),
        lifetimeMs: keyLifetimeMs,
      });
      if (outcome.kind === 'mismatch') throw reusedWithAnotherBody();
      if (outcome.kind === 'replayed') void reply.header('idempotent-replayed', 'true');
      created(reply, outcome.pet);
    },
  );
  return inFlight;
}
