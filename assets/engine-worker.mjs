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

   The computers' decisions are also thought before the page asks for them (foresee): after each answer,
   the engine names the jobs of the next computer decision thought in parts, and they are started at once.
   The decision due now (the page shows the last card a while first) is laid out as when asked for, its
   first part here; the one after a person's card, guessed (the card Medium would play), in a part on each
   free helper only, so that this worker answers the person's card at once. When the page asks for a
   decision whose jobs are those foreseen, their answers are taken; any other decision is thought as
   usual, on this worker and the helpers not still busy with a guess that did not come true (fewer parts,
   not a longer wait).

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
let foreseen = null; // {jobs, here, answers (promises)}: the next computer decision, thought before it is asked for

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
    const helper = { worker: null, failed: false, busy: 0 };
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
  helper.busy += 1;
  try {
    return await Promise.race([helper.worker.handle(job), late]);
  } catch (error) {
    drop(helper, error);
    return python.think(job);
  } finally {
    helper.busy -= 1;
    clearTimeout(alarm);
  }
}

/* The helpers that are ready and not thinking (a part thought ahead for a decision that did not come). */
const freeHelpers = () => helpers.filter((helper) => helper.worker && !helper.busy);

/* A decision's jobs thought now, one a worker: the first here when `here`, the others (else all) on
   `workers` (here when there are too few); their answers as promises, in the jobs' order. */
function thinkParts(jobs, here, workers) {
  const on = (worker, job) => (worker ? partOn(worker, job) : Promise.resolve(python.think(job))); // (none: here)
  const pending = (here ? jobs.slice(1) : jobs).map((job, index) => on(workers[index], job));
  return here ? [Promise.resolve(python.think(jobs[0])), ...pending] : pending;
}

const sameJobs = (one, other) => one.length === other.length && one.every((job, index) => job === other[index]);
const takesForeseen = (result) => sameJobs(foreseen.jobs, JSON.parse(result).think);

/* The answers (a promise of them) of the decision thought ahead when these are its jobs, else null. */
function takeForeseen(jobs) {
  if (!foreseen || !sameJobs(foreseen.jobs, jobs)) return null;
  const { answers, here } = foreseen;
  foreseen = null;
  console.debug(`Engine: a decision thought ahead is taken (${here ? "due" : "after a likely card"})`); // (read by e2e)
  return Promise.all(answers);
}

/* The engine's answer to `text`, its parts laid out as `parts` and `here` (see thinkParts). */
function handleAs(text, parts, here) {
  python.set_parts(parts, here);
  return python.handle(text);
}

/* The intent's answer: a decision's thinking first, as thought ahead when it was, else on this worker and
   the free helpers at once. The decision thought ahead is tried first as its parts were laid out. */
async function answerOf(text) {
  const free = freeHelpers();
  let here = foreseen ? foreseen.here : true;
  let result = foreseen ? handleAs(text, foreseen.jobs.length, here) : null;
  if (result === null || (result.startsWith(THINKING) && !takesForeseen(result))) {
    here = true;
    result = handleAs(text, 1 + free.length, here);
  }
  while (result.startsWith(THINKING)) {
    const jobs = JSON.parse(result).think;
    const answers = await (takeForeseen(jobs) || Promise.all(thinkParts(jobs, here, free)));
    result = python.resume(JSON.stringify(answers));
  }
  if (python.helpers_wanted()) startHelpers();
  return result;
}

/* After an answer: the next computer decision thought in parts before the page asks for it. One due now is
   laid out as when asked for; one after the person's card (guessed) is thought on the free helpers only. */
function foresee() {
  if (foreseen && !sameJobs(foreseen.jobs, JSON.parse(python.foresee(foreseen.jobs.length, foreseen.here)))) {
    foreseen = null; // not what comes next (its helpers finish their parts, busy till then)
  }
  const free = freeHelpers();
  if (foreseen || !free.length) return;
  const here = python.decision_due(); // (else the decision after a person's card)
  const jobs = JSON.parse(python.foresee(here ? 1 + free.length : free.length, here));
  if (jobs.length) foreseen = { jobs, here, answers: thinkParts(jobs, here, free) };
}

async function answer({ id, text }) {
  try {
    postMessage({ id, answer: await answerOf(text) });
  } catch (error) {
    postMessage({ id, error: String(error) });
    return;
  }
  try {
    foresee();
  } catch (error) {
    foreseen = null;
    console.warn("Engine: the next decision could not be thought ahead:", error); // it is thought when asked
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
