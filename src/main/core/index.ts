export { createCore, type Core, type CoreOptions } from './core';
export { type SecretStore } from './api-keys';
export { type JsonStoreLike, type OpenJsonStore } from './json-store';
export { consoleLogger, type Logger } from './logger';
export { loadEnvironmentDefaults } from './settings';
export { policyPath, readPolicy, type PolicyRead } from './policy';
export { lockDataFolder, type DataLock, type LockHolder } from './data-lock';
