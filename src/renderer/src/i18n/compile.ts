import { IntlMessageFormat } from 'intl-messageformat';
import type { Catalogue, MessageId } from './messages/en';

/** A message parsed to the elements IntlMessageFormat formats: what the renderer ships, so it needs no parser. */
export type CompiledMessage = ReturnType<IntlMessageFormat['getAst']>;
export type CompiledCatalogue = Record<MessageId, CompiledMessage>;

/**
 * Every message of a catalogue parsed, by intl-messageformat's own parser as it would parse it in the app.
 * Run at build time (build/scripts/compiled-messages.ts) and by tests, never in the renderer; throws on a
 * malformed message, so a catalogue that does not parse fails the build.
 */
export function compileCatalogue(catalogue: Catalogue, tag: string): CompiledCatalogue {
  const entries = Object.entries(catalogue) as Array<[MessageId, string]>;
  return Object.fromEntries(
    entries.map(([id, text]) => [id, new IntlMessageFormat(text, tag).getAst()]),
  ) as CompiledCatalogue;
}
