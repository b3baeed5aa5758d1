import { describe, expect, it } from 'vitest';
import { nextPageUrl, parseLinkHeader } from './link-header';

const BASE = 'https://shop.example/api/v1';
const REQUEST = `${BASE}/pets?limit=20`;

describe('reading a Link header (RFC 8288)', () => {
  it('reads several links, quoted relations with several types, and commas inside quotes', () => {
    const header =
      '<https://shop.example/api/v1/pets?after=1>; rel="prev first"; title="a, b; c", </api/v1/pets?after=40>;rel=next';
    expect(parseLinkHeader(header)).toEqual([
      { target: 'https://shop.example/api/v1/pets?after=1', rels: ['prev', 'first'] },
      { target: '/api/v1/pets?after=40', rels: ['next'] },
    ]);
  });

  it('counts only the first rel of a link, in any case, and escapes inside quotes', () => {
    expect(parseLinkHeader('<a>; REL="Next"; rel="prev"; title="say \\"hi\\""')).toEqual([
      { target: 'a', rels: ['next'] },
    ]);
  });

  it('keeps what it read before something malformed, and guesses nothing after it', () => {
    expect(parseLinkHeader('<one>; rel=next, garbage <two>; rel=next')).toEqual([{ target: 'one', rels: ['next'] }]);
    expect(parseLinkHeader('')).toEqual([]);
    expect(parseLinkHeader('<unclosed; rel=next')).toEqual([]);
  });
});

describe('the next page a list answer links to', () => {
  it('is resolved against the request and kept when it stays under the environment’s address', () => {
    expect(nextPageUrl('</api/v1/pets?limit=20&after=57>; rel="next"', REQUEST, BASE)).toBe(
      'https://shop.example/api/v1/pets?limit=20&after=57',
    );
    expect(nextPageUrl('<pets?after=57#top>; rel="prev next"', REQUEST, BASE)).toBe(
      'https://shop.example/api/v1/pets?after=57',
    );
  });

  it('is dropped when it leads anywhere the API key must not go', () => {
    for (const target of [
      'https://elsewhere.example/api/v1/pets?after=2',
      'http://shop.example/api/v1/pets?after=2',
      'https://shop.example:8443/api/v1/pets?after=2',
      'https://user:pw@shop.example/api/v1/pets',
      '/api/v2/pets?after=2',
      '/api/v1/../admin/pets',
      '/api/v1x/pets',
      '//elsewhere.example/api/v1/pets',
    ]) {
      expect(nextPageUrl(`<${target}>; rel="next"`, REQUEST, BASE), target).toBeUndefined();
    }
  });

  it('is none when the service sends no Link, or no next among its links', () => {
    expect(nextPageUrl(null, REQUEST, BASE)).toBeUndefined();
    expect(nextPageUrl('</api/v1/pets>; rel="successor-version"', REQUEST, BASE)).toBeUndefined();
  });
});
