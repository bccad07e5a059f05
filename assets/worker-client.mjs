/* Start one of the game's Pyodide workers (app/engine-worker.mjs under a name: "engine" or "thinker") and
   talk to it: one text in, one text out, answered in order.

   Used by assets/boot.js (the engine, and the thinker for hand reviews) and by the engine's worker itself
   (its helper workers, which think parts of an Expert's decision). */

/* A promise, resolved once the worker answers (rejected if it cannot start), of an object whose
   handle(text) resolves to the worker's answer, and whose close() ends the worker (every call still
   waiting, and every later one, fails, as when the worker fails or stops). `script`: the worker's URL, or
   a worker started already whose `early` events were kept (index.html starts the engine's so). `first`
   is posted before anything else (the engine's settings for its own worker); `idle()` is called when the
   worker says it is idle (the engine, once), and `lost(error)` when, once up, it fails or stops without
   being closed. */
export function startWorker(script, name, first = undefined, idle = () => {}, lost = () => {}) {
  const worker = script instanceof Worker ? script : new Worker(script, { type: "module", name });
  // A worker that stops without a word (terminated, closed, killed by the browser) fires no event: it holds
  // a Web Lock of its own for as long as it lives, and the lock granted here says it has stopped.
  const life = navigator.locks && self.crypto?.randomUUID ? `hearts-${name}-${crypto.randomUUID()}` : null;
  if (life) worker.postMessage({ life });
  if (first !== undefined) worker.postMessage(first);
  const calls = new Map();
  let nextId = 0;
  let broken = null; // why the worker failed: every later call fails at once (never waits for ever)
  const started = {
    handle: (text) =>
      new Promise((resolve, reject) => {
        if (broken) return reject(broken);
        calls.set(nextId, { resolve, reject });
        worker.postMessage({ id: nextId++, text });
      }),
  };
  return new Promise((resolve, reject) => {
    let up = false; // (a worker that fails before it is up rejects the promise instead)
    const failed = (error, closing = false) => {
      if (broken) return;
      if (up && !closing) lost(error);
      broken = error;
      reject(error);
      calls.forEach((call) => call.reject(error));
      calls.clear();
    };
    started.close = () => {
      worker.terminate();
      failed(new Error(`the ${name} worker was closed`), true);
    };
    worker.onmessage = ({ data }) => {
      if (data.ready) {
        up = true;
        return resolve(started);
      }
      if (data.living) return navigator.locks.request(life, () => failed(new Error(`the ${name} worker stopped`)));
      if (data.idle) return idle();
      if (data.failed) return failed(new Error(data.failed));
      const call = calls.get(data.id);
      if (!call) return; // (it was closed meanwhile)
      calls.delete(data.id);
      if (data.error === undefined) call.resolve(data.answer);
      else call.reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      event.preventDefault(); // handled here: not passed on to the worker that started this one (a helper's)
      failed(new Error(event.message || `the ${name} worker failed`));
    };
    for (const event of worker.early?.splice(0) ?? []) (event.type === "error" ? worker.onerror : worker.onmessage)(event);
  });
}
