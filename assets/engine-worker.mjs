/* The engine's worker: Pyodide with the engine (pyapp/workers/engine_worker.py), answering the page's messages.

   assets/boot.js starts this module worker at once, beside PyScript rather than through it, so the
   engine boots while the page's own interpreter (MicroPython) starts and draws the table. Each message
   from the page is {id, text}: one intent as JSON text (pyapp/shared/protocol.py); the answer is
   {id, answer} (JSON text) or {id, error}. The worker says {ready: true} once the engine answers, or
   {failed: reason} if it cannot start, and {idle: true} once, the first time it is idle after answering
   (what its boot kept is stored by then). The page's first message, {cores}, says how many cores the
   device has; a {life} message names the Web Lock it holds for as long as it lives (worker-client.mjs).

   An Expert computer player thinks on every core: once the game has an Expert seat, this worker starts
   helper workers (cores − 1 of them, at most three), and as each is ready its decisions are thought in
   one more part. Python cannot wait for another worker, so the engine answers such a decision with
   {"think": [jobs]}: the first job is run here (pyapp/workers/thinker.py) while the helpers run the others,
   and then the engine is handed their answers (resume) and answers the intent. A helper that fails, or
   has not answered its part within HELPER_LIMIT_MS, is dropped (its part is thought here) and the later
   decisions are thought on the helpers left.

   The computers' decisions are also thought before the page asks for them (foresee): once the engine is
   idle after an answer (AHEAD_AFTER_MS), it names the jobs of the next computer decision thought in
   parts, and they are started at once. The decision due now (the page shows the last card a while
   first) is laid out as when asked for, its first part here; the one after a person's card, guessed (the
   card Medium would play), in as many parts on the free helpers only, so that this worker answers the
   person's card at once. When the page asks for a decision whose jobs are those foreseen, their answers
   are taken; any other decision is thought as usual, on this worker and the helpers not still busy with
   a guess that did not come true (fewer parts, not a longer wait).

   Started with the name "thinker", the same script runs a thinker instead (pyapp/workers/thinker.py): a
   hand review or a part of an Expert's decision, one job (JSON text) in, its result out, the same way. */

import { loadPyodide, storeKept } from "./engine-pyodide.mjs";
import { startWorker } from "../assets/worker-client.mjs";
// What engine-pyodide.mjs imports, asked for beside it rather than once it has come: one wait fewer before
// Pyodide starts.
import "../runtime/pyodide/pyodide.mjs";

const ENTRIES = { engine: "pyapp.workers.engine_worker", thinker: "pyapp.workers.thinker" };
const MOST_PARTS = 4; // this worker and three helpers: beyond that, memory grows faster than strength
const THINKING = '{"think":';
// A part thinks for the think time (1.2 s at the longest): a helper that has not answered by then has failed.
const HELPER_LIMIT_MS = 30_000;
// No message for this long after an answer: the engine is idle. Then (once) what its boot kept is stored
// (engine-pyodide.mjs), and the page is told {idle: true} (it then has the service worker store the files).
const IDLE_MS = 500;
// Thinking ahead starts once no message has come for this long after an answer: the page has drawn it (the
// thinking does not slow its drawing on a device of two cores), and a decision asked for at once (the
// instant speed) is thought as usual.
const AHEAD_AFTER_MS = 100;

let python = null; // the entry module's functions, once Pyodide is up
let cores = 1;
const helpers = []; // {worker (once ready), failed, busy (its parts being thought)}
let queue = Promise.resolve(); // messages are answered one at a time, in order
let unanswered = 0;
let idle = null; // the timer of the idle work, which is done once
let ahead = null; // the timer of thinking ahead
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

/* A helper's part of a decision; if the helper fails or is too late, it is dropped and the part thought here
   (a part thought ahead: left for the decision to think when it comes, null). */
async function partOn(helper, job, ahead = false) {
  let alarm;
  const late = new Promise((_, reject) => {
    alarm = setTimeout(() => reject(new Error(`no answer within ${HELPER_LIMIT_MS} ms`)), HELPER_LIMIT_MS);
  });
  helper.busy += 1;
  try {
    return await Promise.race([helper.worker.handle(job), late]);
  } catch (error) {
    drop(helper, error);
    return ahead ? null : python.think(job);
  } finally {
    helper.busy -= 1;
    clearTimeout(alarm);
  }
}

/* The helpers that are ready and not thinking (a part thought ahead for a decision that did not come). */
const freeHelpers = () => helpers.filter((helper) => helper.worker && !helper.busy);

/* A decision's jobs thought now: the first here when `here`, the others (else all) on `workers` in turn
   (here when there are none); their answers as promises, in the jobs' order. */
function thinkParts(jobs, here, workers, ahead = false) {
  const on = (worker, job) => (worker ? partOn(worker, job, ahead) : Promise.resolve(python.think(job)));
  const pending = (here ? jobs.slice(1) : jobs).map((job, index) => on(workers[index % workers.length], job));
  return here ? [Promise.resolve(python.think(jobs[0])), ...pending] : pending;
}

/* Whether `jobs` are those of the decision thought ahead. */
const isForeseen = (jobs) =>
  foreseen !== null && foreseen.jobs.length === jobs.length && foreseen.jobs.every((job, i) => job === jobs[i]);

/* The answers of the decision thought ahead (a part whose helper failed thought here now), taken. */
async function takeForeseen() {
  const { jobs, here, answers } = foreseen;
  foreseen = null;
  console.debug(`Engine: a decision thought ahead is taken (${here ? "due" : "after a likely card"})`); // (read by e2e)
  return (await Promise.all(answers)).map((answer, index) => answer ?? python.think(jobs[index]));
}

/* The engine's answer to `text`, a decision's parts laid out as `count` parts and `here` (see thinkParts). */
function handleAs(text, count, here) {
  python.set_parts(count, here);
  return python.handle(text);
}

const jobsOf = (result) => (result.startsWith(THINKING) ? JSON.parse(result).think : null);

/* The intent's answer: a decision's thinking first, as thought ahead when it was (tried first as its parts
   were laid out), else on this worker and the free helpers at once. */
async function answerOf(text) {
  const free = freeHelpers();
  let here = foreseen ? foreseen.here : true;
  let result = foreseen ? handleAs(text, foreseen.jobs.length, here) : null;
  let jobs = result === null ? null : jobsOf(result);
  if (result === null || (jobs && !isForeseen(jobs))) {
    here = true;
    result = handleAs(text, 1 + free.length, here);
    jobs = jobsOf(result);
  }
  while (jobs) {
    const answers = isForeseen(jobs) ? await takeForeseen() : await Promise.all(thinkParts(jobs, here, free));
    result = python.resume(JSON.stringify(answers));
    jobs = jobsOf(result);
  }
  if (python.helpers_wanted()) startHelpers();
  return result;
}

/* Once idle after an answer: the next computer decision thought before the page asks for it, in as many
   parts as when asked for: one due now laid out as then (a part here); one after the person's card
   (guessed) on the free helpers only, so that this worker answers that card at once. */
function foresee() {
  if (foreseen && !isForeseen(JSON.parse(python.foresee(foreseen.jobs.length, foreseen.here)))) {
    foreseen = null; // not what comes next (its helpers finish their parts, busy till then)
  }
  const free = freeHelpers();
  if (foreseen || !free.length) return;
  const here = python.decision_due(); // (else the decision after a person's card)
  const jobs = JSON.parse(python.foresee(1 + free.length, here));
  if (jobs.length) foreseen = { jobs, here, answers: thinkParts(jobs, here, free, true) };
}

async function answer({ id, text }) {
  try {
    postMessage({ id, answer: await answerOf(text) });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
}

function thinkAhead() {
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
  const engine = self.name !== "thinker";
  unanswered += 1;
  clearTimeout(idle);
  clearTimeout(ahead);
  queue = queue
    .then(() => (engine ? answer : run)(data))
    .then(() => {
      unanswered -= 1;
      if (unanswered) return;
      if (!idleDone) idle = setTimeout(whenIdle, IDLE_MS);
      if (engine) ahead = setTimeout(thinkAhead, AHEAD_AFTER_MS);
    });
}

/* Hold the lock named `life` for as long as this worker lives: whoever started it learns that it stopped
   when the lock is theirs (assets/worker-client.mjs). */
function live(life) {
  navigator.locks.request(life, () => {
    postMessage({ living: true });
    return new Promise(() => {}); // (never given back)
  });
}

self.onmessage = ({ data }) => (data.life ? live(data.life) : python ? take(data) : early.push(data));

try {
  const pyodide = await loadPyodide({ keep: self.name !== "thinker" });
  python = pyodide.pyimport(ENTRIES[self.name] || ENTRIES.engine);
  self.heartsPython = pyodide; // (the end-to-end tests inject faults through it: e2e/test_injected_faults.py)
  postMessage({ ready: true });
  early.splice(0).forEach(take);
} catch (error) {
  console.error(`The ${self.name || "engine"} worker could not start:`, error);
  postMessage({ failed: String(error) });
}
