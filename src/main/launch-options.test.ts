import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYCHAIN_SERVICE } from './core/api-keys';
import { DEVELOPMENT_KEYCHAIN_SERVICE, readLaunchOptions } from './launch-options';

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

  it('in an installed app ignores every variable that would point it at another page, service, keychain entry or data folder', () => {
    // The attack: a folder whose settings.json names another production address, set through the environment.
    const hostile = {
      ...startEnv,
      PETSTORE_USER_DATA_DIR: '/tmp/attacker-settings',
      PETSTORE_ANYTHING_ELSE: 'x',
      ELECTRON_RENDERER_URL: 'https://evil.example/',
    };
    expect(readLaunchOptions(hostile, true)).toEqual({ isDevelopment: false });
  });

  it('in development keeps its keys apart from the installed app’s, even when told to use its keychain entry', () => {
    expect(readLaunchOptions({}, false).keychainService).toBe(DEVELOPMENT_KEYCHAIN_SERVICE);
    expect(readLaunchOptions({ PETSTORE_KEYCHAIN_SERVICE: DEFAULT_KEYCHAIN_SERVICE }, false).keychainService).toBe(
      DEVELOPMENT_KEYCHAIN_SERVICE,
    );
    expect(DEVELOPMENT_KEYCHAIN_SERVICE).not.toBe(DEFAULT_KEYCHAIN_SERVICE);
  });

  it('can point at the demo service without a key, for the first-run "enter your key" path', () => {
    expect(readLaunchOptions({ PETSTORE_DEMO_URL: 'http://127.0.0.1:1/v1' }, false).demo).toEqual({
      baseUrl: 'http://127.0.0.1:1/v1',
    });
    expect(readLaunchOptions({ PETSTORE_DEMO_URL: ' ', PETSTORE_DEMO_KEY: 'k' }, false).demo).toBeUndefined();
  });

  it('lets tests give a development run its own data folder', () => {
    expect(readLaunchOptions({ PETSTORE_USER_DATA_DIR: '/tmp/p1' }, false).userDataDir).toBe('/tmp/p1');
  });
});
