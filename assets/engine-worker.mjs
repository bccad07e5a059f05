/* The engine's worker: Pyodide with the engine (pyapp/web/worker.py), answering the page's messages.

   assets/boot.js starts this module worker as soon as the page has its service worker, beside
   PyScript rather than through it, so the engine boots while the page's own interpreter (MicroPython)
   starts and draws the table. Each message from the page is {id, text}: one intent as JSON text
   (pyapp/web/protocol.py); the answer is {id, answer} (JSON text) or {id, error}. The worker says
   {ready: true} once the engine answers, or {failed: reason} if it cannot start.

   Started with the name "thinker", the same script runs the thinker (pyapp/web/thinker.py) instead: a
   second worker that computes hand reviews, one job (JSON text) in, its result out, the same way. */

import { loadPyodide } from "./engine-pyodide.mjs";

const ENTRIES = { engine: "pyapp.web.worker", thinker: "pyapp.web.thinker" };

let handle = null;
const early = []; // messages that came before the engine was up (the page waits for "ready", but still)

function answer({ id, text }) {
  try {
    postMessage({ id, answer: handle(text) });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
}

self.onmessage = ({ data }) => (handle ? answer(data) : early.push(data));

try {
  const pyodide = await loadPyodide();
  handle = pyodide.pyimport(ENTRIES[self.name] || ENTRIES.engine).handle;
  postMessage({ ready: true });
  early.splice(0).forEach(answer);
} catch (error) {
  console.error(`The ${self.name || "engine"} worker could not start:`, error);
  postMessage({ failed: String(error) });
}
