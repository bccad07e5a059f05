/* Start one of the game's Pyodide workers (app/engine-worker.mjs under a name: "engine" or "thinker") and
   talk to it: one text in, one text out, answered in order.

   Used by assets/boot.js (the engine, and the thinker for hand reviews) and by the engine's worker itself
   (its helper workers, which think parts of an Expert's decision). */

/* A promise, resolved once the worker answers (rejected if it cannot start), of an object whose
   handle(text) resolves to the worker's answer. `first` is posted before anything else (the engine's
   settings for its own worker). */
export function startWorker(url, name, first = undefined) {
  const worker = new Worker(url, { type: "module", name });
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
    const failed = (error) => {
      broken = error;
      reject(error);
      calls.forEach((call) => call.reject(error));
      calls.clear();
    };
    worker.onmessage = ({ data }) => {
      if (data.ready) return resolve(started);
      if (data.failed) return failed(new Error(data.failed));
      const call = calls.get(data.id);
      calls.delete(data.id);
      if (data.error === undefined) call.resolve(data.answer);
      else call.reject(new Error(data.error));
    };
    worker.onerror = (event) => failed(new Error(event.message || `the ${name} worker failed`));
  });
}
