import { describe, expect, it } from 'vitest';
import { readLaunchOptions } from './launch-options';

const startEnv = {
  ELECTRON_RENDERER_URL: 'http://localhost:5173',
  PETSTORE_DEMO_URL: 'http://127.0.0.1:43567/v1',
  PETSTORE_DEMO_KEY: 'demo-key',
  PETSTORE_KEYCHAIN_SERVICE: 'Petstore Counter (dev)',
};

describe('launch options', () => {
  it('in development (npm start) picks up the dev server and the demo service', () => {
    expect(readLaunchOptions(startEnv, false)).toEqual({
      isDevelopment: true,
      devServerUrl: 'http://localhost:5173',
      demo: { baseUrl: 'http://127.0.0.1:43567/v1', apiKey: 'demo-key' },
      keychainService: 'Petstore Counter (dev)',
    });
  });

  it('in an installed app ignores variables that would point it at another page, service or keychain entry', () => {
    expect(readLaunchOptions(startEnv, true)).toEqual({ isDevelopment: false });
  });

  it('can point at the demo service without a key, for the first-run "enter your key" path', () => {
    expect(readLaunchOptions({ PETSTORE_DEMO_URL: 'http://127.0.0.1:1/v1' }, false).demo).toEqual({
      baseUrl: 'http://127.0.0.1:1/v1',
    });
    expect(readLaunchOptions({ PETSTORE_DEMO_URL: ' ', PETSTORE_DEMO_KEY: 'k' }, false).demo).toBeUndefined();
  });

  it('lets tests give any run its own data folder', () => {
    expect(readLaunchOptions({ PETSTORE_USER_DATA_DIR: '/tmp/p1' }, true).userDataDir).toBe('/tmp/p1');
  });
});
