// `node build/scripts/with-keyring.mjs [--if-no-session] <command> [args…]`:
// runs the command where keytar has a real Secret Service. On Linux that is a
// private D-Bus session with an unlocked gnome-keyring and a temporary HOME,
// so tests never touch the developer's own keychain; nested calls reuse the
// outer session. With --if-no-session (the web preview) a desktop's own
// session is used when there is one, so keys entered there persist; without
// one, a `--data-dir DIR` among the command's arguments keeps the private
// keyring in DIR/keyring, so it survives restarts too.
// Elsewhere (macOS Keychain, Windows Credential Manager) the command runs as is.
// SIGINT, SIGTERM and SIGHUP reach the command once; the session and any temporary
// HOME are removed after it exits.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const onlyWithoutSession = process.argv[2] === '--if-no-session';
const [command, ...args] = process.argv.slice(onlyWithoutSession ? 3 : 2);
if (!command) {
  console.error('usage: with-keyring.mjs [--if-no-session] <command> [args…]');
  process.exit(2);
}

function has(tool) {
  return spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
}

function dataDirArgument() {
  const index = args.findIndex((arg) => arg === '--data-dir' || arg.startsWith('--data-dir='));
  if (index < 0) return undefined;
  const value = args[index] === '--data-dir' ? args[index + 1] : args[index].slice('--data-dir='.length);
  return value ? resolve(value) : undefined;
}

/** The keyring's HOME: in the preview's data folder when it names one, else a temporary folder removed afterwards. */
function keyringHome() {
  const dataDir = onlyWithoutSession ? dataDirArgument() : undefined;
  if (dataDir) {
    const home = join(dataDir, 'keyring');
    try {
      mkdirSync(home, { recursive: true, mode: 0o700 });
    } catch (error) {
      console.error(`--data-dir ${dataDir} cannot be created (${error.message}).`);
      process.exit(1);
    }
    return { home, temporary: false };
  }
  return { home: mkdtempSync(join(tmpdir(), 'petstore-test-home-')), temporary: true };
}

/** A private session bus and an unlocked keyring on it; dbus-daemon's own chatter is dropped. */
function startSession(home) {
  const env = { ...process.env, HOME: home, XDG_DATA_HOME: join(home, '.local/share'), PETSTORE_TEST_KEYRING: home };
  const [address, pid] = execFileSync('dbus-daemon', ['--session', '--fork', '--print-address=1', '--print-pid=1'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .trim()
    .split('\n');
  env.DBUS_SESSION_BUS_ADDRESS = address;
  // gnome-keyring-daemon leaves by itself when its bus goes away.
  spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    input: 'petstore-test',
    env,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  return { env, stop: () => process.kill(Number(pid), 'SIGTERM') };
}

const wantsSession =
  process.platform === 'linux' &&
  !process.env.PETSTORE_TEST_KEYRING &&
  !(onlyWithoutSession && process.env.DBUS_SESSION_BUS_ADDRESS) &&
  has('dbus-daemon') &&
  has('gnome-keyring-daemon');

const keyring = wantsSession ? keyringHome() : undefined;
const session = keyring ? startSession(keyring.home) : undefined;

function cleanUp() {
  try {
    session?.stop();
  } catch {
    // Already gone.
  }
  if (keyring?.temporary) removeForGood(keyring.home);
}

/**
 * gnome-keyring-daemon leaves on its own once its bus is gone, and may write its keyring files as it goes,
 * after a first removal: remove the folder until it has stayed away for 100 ms (3 s at most).
 */
function removeForGood(folder) {
  const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  for (let tries = 0; tries < 30; tries += 1) {
    rmSync(folder, { recursive: true, force: true });
    pause(100);
    if (!existsSync(folder)) return;
  }
}

// Its own process group (not on Windows, where that means a new console), so
// a terminal's Ctrl+C reaches the command once, through the handler below. WITH_KEYRING_PID tells the command
// which process started it, should this one be killed before the command could look (the web preview stops then).
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...(session?.env ?? process.env), WITH_KEYRING_PID: String(process.pid) },
  detached: process.platform !== 'win32',
  shell: process.platform === 'win32',
});
// SIGHUP too: a closed terminal ends the command, not only this wrapper (the command watches for that as well).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('error', (error) => {
  console.error(`with-keyring: could not run ${command}: ${error.message}`);
  cleanUp();
  process.exit(1);
});
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
