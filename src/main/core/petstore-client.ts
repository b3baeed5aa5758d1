import { z } from 'zod';
import {
  listQuerySearch,
  newPetToWire,
  stringifyJson,
  WirePet,
  type Int64String,
  type ListQuery,
  type NewPet,
  type Pet,
} from '../../shared';
import { Deadlines } from './deadlines';
import { parseServiceJson } from './service-json';
import { readWirePetsText } from './wire-pets';
import { httpFailure, invalidResponse, transportFailure, ServiceFailure, type HttpAnswer } from './service-errors';

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface ClientOptions {
  fetch: typeof globalThis.fetch;
  baseUrl: string;
  apiKey: string;
  appVersion: string;
  timeoutMs?: number;
  now?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface LookupAnswer {
  pet: Pet;
  /** The service's Sunset and Deprecation headers, when it sent them. */
  sunset: string | null;
  deprecation: string | null;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** An answer as it came: the body still text, read by whoever knows what it should hold. */
type TextAnswer = Omit<HttpAnswer, 'body'> & { text: string };

/** An error's body, for the service's message; a body that is not JSON just has none. */
function jsonOrUndefined(text: string): unknown {
  try {
    return parseServiceJson(text);
  } catch {
    return undefined;
  }
}

const readWirePet = (text: string) => WirePet.safeParse(parseServiceJson(text));

/** Shared by every client, so request timeouts cost one timer between them. */
const deadlines = new Deadlines();

/**
 * The Petstore service's three operations over a passed-in fetch. Every
 * failure is thrown as a ServiceFailure; every success is validated.
 */
export class PetstoreClient {
  private readonly timeoutMs: number;
  private readonly now: () => number;
  /** The same for every request of this client; fetch copies them, so one object serves all. */
  private readonly headers: { read: Record<string, string>; write: Record<string, string> };

  constructor(private readonly options: ClientOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
    const read = {
      Authorization: `Bearer ${options.apiKey}`,
      Accept: 'application/json',
      'User-Agent': `PetstoreCounter/${options.appVersion}`,
    };
    this.headers = { read, write: { ...read, 'Content-Type': 'application/json' } };
  }

  // Each operation hands `request` the way to read its answer, so a call is one async step, not two.
  listPets(query: ListQuery, call: CallOptions = {}): Promise<Pet[]> {
    return this.request('GET', `pets?${listQuerySearch(query)}`, undefined, call, (answer) =>
      this.expect(answer, readWirePetsText),
    );
  }

  createPet(pet: NewPet, call: CallOptions = {}): Promise<Pet> {
    return this.request('POST', 'pets', stringifyJson(newPetToWire(pet)), call, (answer) =>
      this.expect(answer, readWirePet),
    );
  }

  /** The deprecated GET /pets/{petId}; the caller applies the deprecation policy. */
  getPet(id: Int64String, call: CallOptions = {}): Promise<LookupAnswer> {
    return this.request('GET', `pets/${encodeURIComponent(id)}`, undefined, call, (answer) => ({
      pet: this.expect(answer, readWirePet),
      sunset: answer.headers.get('sunset'),
      deprecation: answer.headers.get('deprecation'),
    }));
  }

  /** A success's body read by `read` (which throws on text that is not JSON); anything else as its failure. */
  private expect<T>(answer: TextAnswer, read: (text: string) => z.ZodSafeParseResult<T>): T {
    if (answer.status < 200 || answer.status > 299) {
      throw httpFailure({ ...answer, body: jsonOrUndefined(answer.text) }, this.now());
    }
    const type = answer.headers.get('content-type') ?? '';
    if (!JSON_TYPE.test(type))
      throw invalidResponse(
        `expected JSON but got ${type ? `"${type.slice(0, 60)}"` : 'no content type'}`,
        answer.status,
      );
    let parsed: z.ZodSafeParseResult<T>;
    try {
      parsed = read(answer.text);
    } catch {
      throw invalidResponse('the body is not valid JSON', answer.status);
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      throw invalidResponse(`the data has the wrong shape${where}`, answer.status);
    }
    return parsed.data;
  }

  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body: string | undefined,
    call: CallOptions,
    read: (answer: TextAnswer) => T,
  ): Promise<T> {
    let answer: TextAnswer;
    const controller = new AbortController();
    const state = { timedOut: false, cancelled: false, midResponse: false };
    const release = deadlines.add(this.timeoutMs, () => {
      state.timedOut = true;
      controller.abort();
    });
    const cancel = () => {
      state.cancelled = true;
      controller.abort();
    };
    if (call.signal?.aborted) cancel();
    call.signal?.addEventListener('abort', cancel, { once: true });

    try {
      const response = await this.options.fetch(`${this.options.baseUrl}/${path}`, {
        method,
        headers: body === undefined ? this.headers.read : this.headers.write,
        body,
        signal: controller.signal,
        redirect: 'error',
      });
      state.midResponse = true;
      answer = { status: response.status, headers: response.headers, text: await response.text() };
    } catch (error) {
      if (error instanceof ServiceFailure) throw error;
      throw transportFailure(error, state);
    } finally {
      release();
      call.signal?.removeEventListener('abort', cancel);
    }
    return read(answer);
  }
}
