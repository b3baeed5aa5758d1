/** The update feed's address as electron-builder.yml's publish.url gave it at build time (electron.vite.config.ts). */
declare const __UPDATE_FEED__: string;
