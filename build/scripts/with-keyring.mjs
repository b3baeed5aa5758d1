// `node build/scripts/with-keyring.mjs [--if-no-session] <command> [args…]`:
// runs the command where keytar has a real Secret Service. On Linux that is a
// private D-Bus session with an unlocked gnome-keyring and a temporary HOME,
// so tests never touch the developer's own keychain; nested calls reuse the
// outer session. With --if-no-session (the web preview) a desktop's own
// session is used when there is one, so keys entered there persist.
// Elsewhere (macOS Keychain, Windows Credential Manager) the command runs as is.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const onlyWithoutSession = process.argv[2] === '--if-no-session';
const [command, ...args] = process.argv.slice(onlyWithoutSession ? 3 : 2);
if (!command) {
  console.error('usage: with-keyring.mjs [--if-no-session] <command> [args…]');
  process.exit(2);
}

function has(tool) {
  return spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
}

const wantsSession =
  process.platform === 'linux' &&
  !process.env.PETSTORE_TEST_KEYRING &&
  !(onlyWithoutSession && process.env.DBUS_SESSION_BUS_ADDRESS) &&
  has('dbus-run-session') &&
  has('gnome-keyring-daemon');

let status;
if (wantsSession) {
  const home = mkdtempSync(join(tmpdir(), 'petstore-test-home-'));
  const inner = 'echo -n petstore-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"';
  status = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner, 'sh', command, ...args], {
    stdio: 'inherit',
    env: { ...process.env, HOME: home, XDG_DATA_HOME: join(home, '.local/share'), PETSTORE_TEST_KEYRING: home },
  }).status;
  rmSync(home, { recursive: true, force: true });
} else {
  status = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' }).status;
}
process.exit(status ?? 1);
