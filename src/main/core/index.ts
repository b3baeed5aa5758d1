export { createCore, type Core, type CoreOptions } from './core';
export { type SecretStore } from './api-keys';
export { type JsonStoreLike, type OpenJsonStore } from './json-store';
export { consoleLogger, type Logger } from './logger';
export { loadEnvironmentDefaults } from './settings';
export { policyPath } from './policy';
export { readPolicy, type PolicyRead } from './policy-read';
