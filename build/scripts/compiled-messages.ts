import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { compileCatalogue, shipCatalogue } from '../../src/renderer/src/i18n/compile.ts';
import { LANGUAGES, TAGS, type Locale } from '../../src/renderer/src/i18n/locales.ts';
import type { Catalogue } from '../../src/renderer/src/i18n/messages/en';
import { pseudoCatalogue } from '../../src/renderer/src/i18n/pseudo.ts';

const PREFIX = 'virtual:messages/';
const LOCALES: readonly string[] = [...LANGUAGES, 'pseudo'];

/**
 * `virtual:messages/<locale>`: that language's catalogue (the pseudo-locale's made from English), every
 * message parsed here, at build time, so the renderer ships no ICU parser (its text parts as plain strings). The catalogues stay readable
 * TypeScript in `folder` (src/renderer/src/i18n/messages); a change there rebuilds the language.
 */
export function compiledMessages(folder: string): Plugin {
  return {
    name: 'compiled-messages',
    resolveId: (id) => (id.startsWith(PREFIX) && LOCALES.includes(id.slice(PREFIX.length)) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const locale = id.slice(PREFIX.length + 1) as Locale;
      const language = locale === 'pseudo' ? 'en' : locale;
      const source = (await tsImport(pathToFileURL(join(folder, `${language}.ts`)).href, {
        parentURL: pathToFileURL(folder).href,
        onImport: (url) => {
          if (url.startsWith('file:')) this.addWatchFile(fileURLToPath(url));
        },
      })) as Record<string, Catalogue>;
      const catalogue = source[language];
      if (!catalogue) throw new Error(`${language}.ts exports no catalogue named ${language}`);
      const compiled = compileCatalogue(catalogue, TAGS[language]);
      return `export default ${JSON.stringify(shipCatalogue(locale === 'pseudo' ? pseudoCatalogue(compiled) : compiled))};`;
    },
  };
}
