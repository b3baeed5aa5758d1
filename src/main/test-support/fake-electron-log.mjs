// A stand-in for electron-log/main (which needs Electron): it keeps what is
// logged, after running the hooks the shell installs, as the real one does.
const written = [];
globalThis.__fakeLog = written;

function write(level, data) {
  let message = { level, data };
  for (const hook of log.hooks) message = hook(message);
  written.push(message);
}

const log = {
  hooks: [],
  debug: (...data) => write('debug', data),
  info: (...data) => write('info', data),
  warn: (...data) => write('warn', data),
  error: (...data) => write('error', data),
};
export default log;
