import { i18n } from './i18n.svelte';

// The renderer's tests switch languages as they go; the app fetches each language when it is first chosen.
await i18n.loadAll();
