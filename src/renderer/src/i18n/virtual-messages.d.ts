declare module 'virtual:messages/*' {
  /** A language's catalogue, parsed at build time (build/scripts/compiled-messages.ts). */
  const catalogue: import('./compile').CompiledCatalogue;
  export default catalogue;
}
