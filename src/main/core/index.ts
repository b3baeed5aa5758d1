export { createCore, type Core, type CoreOptions } from './core';
export { type SecretStore } from './api-keys';
export { type JsonStoreLike, type OpenJsonStore } from './json-store';
export { consoleLogger, type Logger } from './logger';
export { loadEnvironmentDefaults } from './settings';
export { readPolicy, type PolicyRead, type ReadText } from './policy-read';
export { lockDataFolder, type DataLock, type LockHolder } from './data-lock';
