import { z } from 'zod';
import {
  AppFailure,
  appError,
  listQuerySearch,
  newPetToWire,
  parseJson,
  stringifyJson,
  WirePet,
  type Int64String,
  type ListQuery,
  type NewPet,
  type Pet,
} from '../../shared';
import { isUnderBase, nextPageUrl, parseLinkHeader } from './link-header';
import { carriesSecret, redactAppError } from './redaction';
import { httpFailure, invalidResponse, transportFailure, ServiceFailure, type HttpAnswer } from './service-errors';

const DEFAULT_TIMEOUT_MS = 10_000;

/** How the client reads a pet off the wire; a newer schema passed here flows through unchanged. */
export type PetSchema = z.core.$ZodType<Pet>;

export interface ClientOptions {
  fetch: typeof globalThis.fetch;
  baseUrl: string;
  apiKey: string;
  appVersion: string;
  timeoutMs?: number;
  now?: () => number;
  /** Default: the shared WirePet. */
  petSchema?: PetSchema;
  /** Sees the headers of the service's own answers, any call and any status (its clock is read from them). */
  onHeaders?: (headers: Headers) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header (adds only): the same key for every send of one animal. */
  idempotencyKey?: string;
  /** Sees the headers of any answer, success or not (e.g. whether the service echoed the key). */
  onAnswer?: (headers: Headers, status: number) => void;
  /** Sent as If-None-Match (a conditional list page): the ETag of the copy held. */
  ifNoneMatch?: string;
  /** This request's own timeout, instead of the client's (the header's check gives up sooner). */
  timeoutMs?: number;
}

export interface LookupAnswer {
  pet: Pet;
  /** The service's Sunset and Deprecation headers, when it sent them. */
  sunset: string | null;
  deprecation: string | null;
}

/** One page of the list, and the service's link to the next one (only when it stays under the base URL). */
export interface ListPage {
  pets: Pet[];
  next?: string;
}

/** Where a page says the list goes on: `next` to follow, or `elsewhere` when it links a page the key may not go to. */
export interface NextLink {
  next?: string;
  elsewhere?: true;
}

/** A page asked for conditionally: unchanged since the copy with that ETag (304), or the page and its ETag. */
export type ConditionalPage = NextLink & ({ changed: false } | { changed: true; pets: Pet[]; etag?: string });

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Link headers read per client at most: the pages of 100,000 animals and their status lists. */
const LINKS_KEPT = 2_000;

/**
 * The most of an answer's body the app reads: a page of 100 animals is ~10 KB. A wrong address (a file server, a
 * video stream) answering with hundreds of megabytes is cut off beyond it, not read whole into the main process.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

function tooLarge(status: number): ServiceFailure {
  return new ServiceFailure(
    appError('invalid_response', 'answer_too_large', {
      status,
      params: { megabytes: MAX_ANSWER_BYTES / (1024 * 1024) },
    }),
    'answered',
    `the body is larger than ${String(MAX_ANSWER_BYTES)} bytes`,
  );
}

/** The body as text, up to MAX_ANSWER_BYTES: beyond it the rest is not read and the request is given up. */
async function cappedText(response: Response): Promise<string> {
  if (Number(response.headers.get('content-length')) > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw tooLarge(response.status);
  }
  const body: ReadableStream<Uint8Array> | null = response.body;
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw tooLarge(response.status);
    }
    text += decoder.decode(part.value, { stream: true });
  }
  return text + decoder.decode();
}

/** An answer as it came: the body still text, read by whoever knows what it should hold. */
type TextAnswer = Omit<HttpAnswer, 'body'> & { text: string };

/** An error's body, for the service's message; a body that is not JSON just has none. */
function jsonOrUndefined(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

const compiledSchemas = new WeakMap<PetSchema, { pet: PetSchema; pets: z.core.$ZodType<Pet[]> }>();

/**
 * A pet schema and its list, compiled once per process (a few ms). A page of 100 animals read through zod's
 * runtime parser allocated ~100 KB, compiled ~17 KB: 5 of the 59 MB of garbage of the event-loop bench's session.
 * An answer the compiled parser refuses goes through the runtime one, for the same issues.
 */
function compiled(schema: PetSchema): { pet: PetSchema; pets: z.core.$ZodType<Pet[]> } {
  let known = compiledSchemas.get(schema);
  if (!known) {
    const pet = z.compile(schema);
    known = { pet, pets: z.compile(z.array(pet)) };
    compiledSchemas.set(schema, known);
  }
  return known;
}

/**
 * The Petstore service's three operations over a passed-in fetch. Every
 * failure is thrown as a ServiceFailure; every success is validated.
 */
export class PetstoreClient {
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly pet: PetSchema;
  private readonly pets: z.core.$ZodType<Pet[]>;
  /** The base URL read once: every catalogue page is checked against it. */
  private readonly base: URL;
  /** Page URLs found under the base URL, as written: a refresh asks the same ones again (parsing and checking each was ~4% of a refresh's CPU). */
  private readonly pagesUnderBase = new Set<string>();
  /** Each page's Link header and the next page read from it: a refresh meets the same ones again (reading them was ~9% of a refresh's CPU, now under 1%). */
  private readonly links = new Map<string, { header: string | null; link: NextLink }>();

  constructor(private readonly options: ClientOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
    ({ pet: this.pet, pets: this.pets } = compiled(options.petSchema ?? WirePet));
    this.base = new URL(options.baseUrl);
  }

  async listPets(query: ListQuery, call: CallOptions = {}): Promise<Pet[]> {
    return (await this.listPage(query, call)).pets;
  }

  /** The first page of the list, with the service's `Link: rel="next"` when it sent one. */
  async listPage(query: ListQuery, call: CallOptions = {}): Promise<ListPage> {
    const url = `${this.options.baseUrl}/pets?${listQuerySearch(query)}`;
    const answer = await this.request('GET', url, undefined, call);
    const pets = this.expect(answer, this.pets);
    const { next } = this.nextLink(answer, url);
    return next === undefined ? { pets } : { pets, next };
  }

  /**
   * A page of the catalogue's sync: `url` is under this base URL (checked again here), `etag` the
   * one kept with its copy; a 304 answer says the copy holds and carries no rows.
   */
  async conditionalPage(url: string, etag: string | undefined, signal?: AbortSignal): Promise<ConditionalPage> {
    const href = this.pageUnderBase(url);
    const answer = await this.request('GET', href, undefined, {
      ...(etag !== undefined && { ifNoneMatch: etag }),
      ...(signal && { signal }),
    });
    const link = this.nextLink(answer, href);
    if (answer.status === 304 && etag !== undefined) return { changed: false, ...link };
    const page: ConditionalPage = { changed: true, pets: this.expect(answer, this.pets), ...link };
    // Kept on disk with the page: a tag echoing the key (a gateway naming who asked) is not kept, the page is.
    const newEtag = answer.headers.get('etag');
    if (newEtag !== null && !carriesSecret(newEtag, [this.options.apiKey])) page.etag = newEtag;
    return page;
  }

  /** `url` as it is asked, only under this base URL (the key goes with it). */
  private pageUnderBase(url: string): string {
    if (this.pagesUnderBase.has(url)) return url;
    const target = URL.parse(url);
    if (!target || !isUnderBase(target, this.base)) {
      throw new AppFailure(appError('invalid_input', 'next_page_elsewhere'));
    }
    if (target.href === url) {
      if (this.pagesUnderBase.size >= LINKS_KEPT) this.pagesUnderBase.clear();
      this.pagesUnderBase.add(url);
    }
    return target.href;
  }

  /**
   * The answer's next page, only under this base URL; one elsewhere, or carrying the key in any form (the service's
   * echo), is never followed, and said to be there: the list goes on where the app does not read it.
   */
  private nextLink(answer: Pick<TextAnswer, 'headers'>, url: string): NextLink {
    const header = answer.headers.get('link');
    const known = this.links.get(url);
    if (known?.header === header) return known.link;
    const found = nextPageUrl(header, url, this.base);
    let link: NextLink = {};
    if (found !== undefined && !carriesSecret(found, [this.options.apiKey])) link = { next: found };
    else if (header !== null && parseLinkHeader(header).some((candidate) => candidate.rels.includes('next'))) {
      link = { elsewhere: true };
    }
    if (this.links.size >= LINKS_KEPT) this.links.clear();
    this.links.set(url, { header, link });
    return link;
  }

  async createPet(pet: NewPet, call: CallOptions = {}): Promise<Pet> {
    const answer = await this.request('POST', `${this.options.baseUrl}/pets`, stringifyJson(newPetToWire(pet)), call);
    return this.expect(answer, this.pet);
  }

  /** The deprecated GET /pets/{petId}; the caller applies the deprecation policy. */
  async getPet(id: Int64String, call: CallOptions = {}): Promise<LookupAnswer> {
    const answer = await this.request('GET', `${this.options.baseUrl}/pets/${encodeURIComponent(id)}`, undefined, call);
    const pet = this.expect(answer, this.pet);
    // Another animal than the one asked for (a cache in front of the service, say) is no answer to this lookup.
    if (pet.id !== id) throw invalidResponse('the animal answered has another id', answer.status);
    return {
      pet,
      sunset: answer.headers.get('sunset'),
      deprecation: answer.headers.get('deprecation'),
    };
  }

  /** A success's body read with `schema`; anything else as its failure. */
  private expect<T>(answer: TextAnswer, schema: z.core.$ZodType<T>): T {
    if (answer.status < 200 || answer.status > 299) {
      const failure = httpFailure({ ...answer, body: jsonOrUndefined(answer.text) }, this.now());
      // The service's words may echo the key sent, and a key under test is not among the known ones yet.
      throw new ServiceFailure(redactAppError(failure.appError, [this.options.apiKey]), failure.reach);
    }
    const type = answer.headers.get('content-type');
    // The header's value is the service's to fill, so it stays out of the detail (it may carry a key).
    if (type === null || !JSON_TYPE.test(type)) {
      throw invalidResponse(type === null ? 'no content type' : 'a content type other than JSON', answer.status);
    }
    let body: unknown;
    try {
      body = parseJson(answer.text);
    } catch {
      throw invalidResponse('the body is not valid JSON', answer.status);
    }
    const parsed = z.safeParse(schema, body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      throw invalidResponse(`the data has the wrong shape${where}`, answer.status);
    }
    return parsed.data;
  }

  private async request(
    method: 'GET' | 'POST',
    url: string,
    body: string | undefined,
    call: CallOptions,
  ): Promise<TextAnswer> {
    // A timer cleared once the answer is read: AbortSignal.timeout keeps each request's signal, and the
    // request listening to it, alive for the whole timeout (9 MB more heap after 100 refreshes of 101 pages).
    // The caller's signal aborts the same controller through a listener removed after: AbortSignal.any made each
    // request's signal a composite tracked by both (101 304s took 20.4–21.1 ms of CPU with it, 18.5–19.5 without).
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The request timed out', 'TimeoutError'));
    }, call.timeoutMs ?? this.timeoutMs);
    const cancel = () => {
      controller.abort(call.signal?.reason);
    };
    if (call.signal?.aborted) cancel();
    else call.signal?.addEventListener('abort', cancel);
    const { signal } = controller;
    let midResponse = false;
    try {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${this.options.apiKey}`,
        Accept: 'application/json',
        'User-Agent': `PetstoreCounter/${this.options.appVersion}`,
      };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (call.idempotencyKey !== undefined) headers['Idempotency-Key'] = call.idempotencyKey;
      if (call.ifNoneMatch !== undefined) headers['If-None-Match'] = call.ifNoneMatch;
      const response = await this.options.fetch(url, { method, headers, body, signal, redirect: 'error' });
      midResponse = true;
      // Only the service's own answers (JSON, or a 304's no body) tell its time: a gateway's page proves nothing, typed
      // or not (a bare 502).
      const type = response.headers.get('content-type');
      if (type === null ? response.status === 304 : JSON_TYPE.test(type)) this.options.onHeaders?.(response.headers);
      call.onAnswer?.(response.headers, response.status);
      // A 304 has no body to read.
      const text = response.status === 304 ? '' : await cappedText(response);
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      if (error instanceof ServiceFailure) throw error;
      throw transportFailure(error, {
        cancelled: call.signal?.aborted === true,
        timedOut,
        midResponse,
        changes: method === 'POST',
      });
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', cancel);
    }
  }
}
