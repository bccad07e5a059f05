/* The engine's worker: Pyodide with the engine (pyapp/workers/engine_worker.py), answering the page's messages.

   assets/boot.js starts this module worker at once, beside PyScript rather than through it, so the
   engine boots while the page's own interpreter (MicroPython) starts and draws the table. Each message
   from the page is {id, text}: one intent as JSON text (pyapp/shared/protocol.py); the answer is
   {id, answer} (JSON text) or {id, error}. The worker says {ready: true} once the engine answers, or
   {failed: reason} if it cannot start, and {idle: true} once, the first time it is idle after answering
   (what its boot kept is stored by then). The page's first message, {cores}, says how many cores the
   device has.

   An Expert computer player thinks on every core: once the game has an Expert seat, this worker starts
   helper workers (cores − 1 of them, at most three), and as each is ready its decisions are thought in
   one more part. Python cannot wait for another worker, so the engine answers such a decision with
   {"think": [jobs]}: the first job is run here (pyapp/workers/thinker.py) while the helpers run the others,
   and then the engine is handed their answers (resume) and answers the intent. A helper that fails, or
   has not answered its part within HELPER_LIMIT_MS, is dropped (its part is thought here) and the later
   decisions are thought on the helpers left.

   Started with the name "thinker", the same script runs a thinker instead (pyapp/workers/thinker.py): a
   hand review or a part of an Expert's decision, one job (JSON text) in, its result out, the same way. */

import { loadPyodide, storeKept } from "./engine-pyodide.mjs";
import { startWorker } from "../assets/worker-client.mjs";

const ENTRIES = { engine: "pyapp.workers.engine_worker", thinker: "pyapp.workers.thinker" };
const MOST_PARTS = 4; // this worker and three helpers: beyond that, memory grows faster than strength
const THINKING = '{"think":';
// A part thinks for the think time (1.2 s at the longest): a helper that has not answered by then has failed.
const HELPER_LIMIT_MS = 30_000;
// No message for this long after an answer: the engine is idle. Then (once) what its boot kept is stored
// (engine-pyodide.mjs), and the page is told {idle: true} (it then has the service worker store the files).
const IDLE_MS = 500;

let python = null; // the entry module's functions, once Pyodide is up
let cores = 1;
const helpers = []; // {worker (once ready), failed}
let queue = Promise.resolve(); // messages are answered one at a time, in order
let unanswered = 0;
let idle = null; // the timer of the idle work, which is done once
let idleDone = self.name === "thinker"; // (a thinker has none)
const early = []; // messages that came before the engine was up (the page waits for "ready", but still)

const parts = () => 1 + helpers.filter((helper) => helper.worker).length;

/* A helper that could not start, or failed since: never asked again (nor started again). */
function drop(helper, error) {
  if (helper.failed) return;
  helper.failed = true;
  helper.worker?.close();
  helper.worker = null;
  console.warn(`Engine: a helper worker failed and is dropped; an Expert thinks on ${parts()} workers:`, error);
}

function startHelpers() {
  const wanted = Math.min(cores, MOST_PARTS) - 1;
  while (helpers.length < wanted) {
    const helper = { worker: null, failed: false };
    startWorker(new URL(import.meta.url), "thinker").then(
      (worker) => {
        helper.worker = worker;
        console.info(`Engine: an Expert thinks on ${parts()} workers`); // the end-to-end tests read it
      },
      (error) => drop(helper, error),
    );
    helpers.push(helper);
  }
}

/* A helper's part of a decision; if the helper fails or is too late, it is dropped and the part thought here. */
async function partOn(helper, job) {
  let alarm;
  const late = new Promise((_, reject) => {
    alarm = setTimeout(() => reject(new Error(`no answer within ${HELPER_LIMIT_MS} ms`)), HELPER_LIMIT_MS);
  });
  try {
    return await Promise.race([helper.worker.handle(job), late]);
  } catch (error) {
    drop(helper, error);
    return python.think(job);
  } finally {
    clearTimeout(alarm);
  }
}

/* The intent's answer: thinking first, on this worker and the ready helpers at once, when asked for. */
async function answerOf(text) {
  const ready = helpers.filter((helper) => helper.worker);
  python.set_parts(1 + ready.length);
  let result = python.handle(text);
  while (result.startsWith(THINKING)) {
    const [own, ...others] = JSON.parse(result).think;
    const pending = others.map((job, index) => partOn(ready[index], job));
    const first = python.think(own);
    result = python.resume(JSON.stringify([first, ...(await Promise.all(pending))]));
  }
  if (python.helpers_wanted()) startHelpers();
  return result;
}

async function answer({ id, text }) {
  try {
    postMessage({ id, answer: await answerOf(text) });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
}

async function run({ id, text }) {
  try {
    postMessage({ id, answer: python.handle(text) });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
}

async function whenIdle() {
  idleDone = true;
  await storeKept();
  postMessage({ idle: true });
}

function take(data) {
  if (data.cores !== undefined) {
    cores = Math.max(1, Number(data.cores) || 1);
    return;
  }
  const respond = self.name === "thinker" ? run : answer;
  unanswered += 1;
  clearTimeout(idle);
  queue = queue
    .then(() => respond(data))
    .then(() => {
      unanswered -= 1;
      if (!unanswered && !idleDone) idle = setTimeout(whenIdle, IDLE_MS);
    });
}

self.onmessage = ({ data }) => (python ? take(data) : early.push(data));

try {
  const pyodide = await loadPyodide({ keep: self.name !== "thinker" });
  python = pyodide.pyimport(ENTRIES[self.name] || ENTRIES.engine);
  postMessage({ ready: true });
  early.splice(0).forEach(take);
} catch (error) {
  console.error(`The ${self.name || "engine"} worker could not start:`, error);
  postMessage({ failed: String(error) });
}
