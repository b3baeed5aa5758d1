import { describe, expect, it } from 'vitest';
import { contentTypeFor, isJsonContentType } from './content-types';

describe('the content-type table', () => {
  it('serves the renderer’s files as what they are, whatever the case of the extension', () => {
    expect(contentTypeFor('/r/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('/r/assets/index-abc.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('/r/assets/font.woff2')).toBe('font/woff2');
  });

  it('serves anything unknown as opaque bytes, never as something a browser would run', () => {
    expect(contentTypeFor('/r/notes.txt.exe')).toBe('application/octet-stream');
    expect(contentTypeFor('/r/README')).toBe('application/octet-stream');
  });
});

describe('isJsonContentType: the media type must be exactly application/json', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;charset=UTF-8',
    ' application/json ',
  ])('accepts %j', (header) => {
    expect(isJsonContentType(header)).toBe(true);
  });

  it.each([
    undefined,
    '',
    'application/jsonp',
    'application/json-patch+json',
    'application/jsonx; charset=utf-8',
    'text/plain',
    'text/plain; application/json',
  ])('refuses %j', (header) => {
    expect(isJsonContentType(header)).toBe(false);
  });
});
