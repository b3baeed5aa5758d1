/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { PetstoreApi } from '../../shared/ipc-contract';

declare global {
  interface Window {
    petstore: PetstoreApi;
  }
}
