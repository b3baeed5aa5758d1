// The web preview's window.petstore: the same API the Electron preload builds,
// carried over HTTP to the preview server on 127.0.0.1. A static file (no
// inline script, so the renderer's strict CSP holds); the server passes the
// per-run token and the contract's names in this script tag's data attributes.
(function installPetstoreBridge() {
  const script = globalThis.document.currentScript;
  const token = script.dataset.token;
  const methods = script.dataset.methods.split(',');
  const events = script.dataset.events.split(',');
  const listeners = new Map(events.map((name) => [name, new Set()]));

  const unreachable = (message) => ({ ok: false, error: { kind: 'internal', message } });

  // Events flow over one Server-Sent Events stream per page. The server keeps this page's events from its first
  // request until the stream opens, so no event that follows an answer is missed, and the page sends them at once:
  // waiting here for the stream's `open` would wait for the app's script to run first (a fresh start on 10,000
  // stored animals: the catalogue asked at 434 ms, now at 172 ms).
  const page = globalThis.crypto.randomUUID();
  const source = new globalThis.EventSource(`/events?token=${encodeURIComponent(token)}&page=${page}`);
  const post = async (path, body, refused) => {
    try {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-petstore-token': token, 'x-petstore-page': page },
        body: JSON.stringify(body),
      });
      if (!response.ok) return refused(`The web preview refused the request (HTTP ${response.status}).`);
      return await response.json();
    } catch {
      return refused('The web preview server cannot be reached. Is `npm run preview:web` still running?');
    }
  };
  const send = (method, input) => post(`/ipc/${method}`, input ?? {}, unreachable);

  // What the app asks for first (the catalogue, the start's largest answer, among it) is asked for now,
  // while the app's scripts load. The app's first call of each takes that answer, unless an event that
  // changes it came meanwhile (the app was not listening yet, so it would miss the change): then it asks again.
  const changedBy = {
    getCatalogue: ['onCatalogue'],
    getSettings: ['onSettings'],
    getOutbox: ['onOutbox'],
    getStatus: ['onConnectivity', 'onNotice'],
    // The selected environment's names for its category ids: the first rows show them, and another environment's
    // come only after a settings change.
    getCategories: ['onSettings'],
  };
  // In one request: each fetch() costs this script, which holds up the page, 2–8 ms (four took 8–33 ms under load).
  const first = Object.keys(changedBy).filter((method) => methods.includes(method));
  const answers = post('/ipc-batch', first, (message) =>
    Object.fromEntries(first.map((method) => [method, unreachable(message)])),
  );
  const early = new Map(first.map((method) => [method, { answer: answers.then((all) => all[method]), stale: false }]));

  for (const name of events) {
    source.addEventListener(name, (event) => {
      const payload = JSON.parse(event.data);
      for (const [method, asked] of early) if (changedBy[method].includes(name)) asked.stale = true;
      for (const listener of listeners.get(name)) listener(payload);
    });
  }

  const api = {};
  for (const method of methods) {
    api[method] = (input) => {
      const asked = early.get(method);
      early.delete(method);
      return asked && !asked.stale ? asked.answer : send(method, input);
    };
  }
  for (const name of events) {
    api[name] = (listener) => {
      listeners.get(name).add(listener);
      return () => listeners.get(name).delete(listener);
    };
  }
  Object.defineProperty(globalThis, 'petstore', { value: Object.freeze(api), enumerable: true });

  // As the preload does: the page's first number format (tens of ms of Intl's data) paid while its script loads.
  new Intl.NumberFormat().format(0);
})();
