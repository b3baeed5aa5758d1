declare module 'virtual:messages/*' {
  /** A language's catalogue, parsed at build time (build/scripts/compiled-messages.ts). */
  const catalogue: import('./compile').ShippedCatalogue;
  export default catalogue;
}
