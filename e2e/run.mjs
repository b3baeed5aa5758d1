// `npm run test:e2e [-- playwright args]`: builds the app, then runs Playwright.
// keytar needs a Secret Service: on Linux, unless `npm test` already made one,
// the run happens inside a private D-Bus session with an unlocked
// gnome-keyring and a temporary HOME, never the developer's own keychain.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

if (
  process.platform === 'linux' &&
  !process.env.PETSTORE_TEST_KEYRING &&
  has('dbus-run-session') &&
  has('gnome-keyring-daemon')
) {
  const home = mkdtempSync(join(tmpdir(), 'petstore-e2e-home-'));
  const inner =
    'echo -n petstore-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec node e2e/run.mjs "$@"';
  const status = run('dbus-run-session', ['--', 'sh', '-c', inner, 'sh', ...args], {
    ...process.env,
    HOME: home,
    XDG_DATA_HOME: join(home, '.local/share'),
    PETSTORE_TEST_KEYRING: home,
  });
  rmSync(home, { recursive: true, force: true });
  process.exit(status);
}

const built = run('npx', ['electron-vite', 'build']);
if (built !== 0) process.exit(built);
process.exit(run('npx', ['playwright', 'test', ...args]));
