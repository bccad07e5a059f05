/* Pyodide for the engine's worker, restored from a memory snapshot of the booted engine when one is stored.

   The engine's worker (engine-worker.mjs) imports loadPyodide from here rather than from
   runtime/pyodide/pyodide.mjs. tools/build.py writes dist/app/engine-pyodide.mjs as two constants and this file:
     ENGINE:  a hash of the engine's zip (app/engine.zip), so a new engine never meets an old snapshot;
     PRELOAD: the modules imported before the snapshot is taken (the worker's entry imports the engine).

   Every boot unpacks the engine's zip into Python's working folder. The first boot (and the first after
   Pyodide or the engine changed) starts Python as usual, imports the engine and keeps a copy of
   Pyodide's memory in Cache Storage, under a key made of Pyodide's version and ENGINE; one snapshot is
   kept. Later boots restore that memory instead of starting Python and importing the engine again.
   A snapshot that is damaged (its SHA-256 differs), that Pyodide refuses (another build) or that does
   not hold the engine is thrown away and the ordinary boot follows: a snapshot can only save time. */

import { loadPyodide as bootPyodide, version } from "../runtime/pyodide/pyodide.mjs";

const INDEX_URL = new URL("../runtime/pyodide/", import.meta.url).href;
const ZIP_URL = new URL("./engine.zip", import.meta.url).href;
const CACHE = `hearts-snapshot:${new URL("../", import.meta.url).href}`;
const KEY = new URL(`./engine-snapshot/${version}/${ENGINE}`, import.meta.url).href;
const DIGEST_HEADER = "x-snapshot-sha256";

// What became of the snapshot is told on the worker's console (the end-to-end tests read it).
const warn = (what, error) => console.warn(`Engine snapshot: ${what}:`, error);
const tell = (what) => console.info(`Engine snapshot: ${what}`);

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function forget() {
  try {
    await caches.delete(CACHE);
  } catch (error) {
    warn("could not delete the stored snapshot", error);
  }
}

/* The stored snapshot for this Pyodide and this engine, checked whole; null when there is none. */
async function storedSnapshot() {
  if (typeof caches === "undefined") return null;
  try {
    const response = await (await caches.open(CACHE)).match(KEY);
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if ((await sha256(bytes)) !== response.headers.get(DIGEST_HEADER)) throw new Error("its checksum differs");
    return bytes;
  } catch (error) {
    warn("the stored snapshot is not used", error);
    await forget();
    return null;
  }
}

/* Keep this snapshot, and only this one. */
async function store(bytes) {
  if (typeof caches === "undefined") return;
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) {
    if (request.url !== KEY) await cache.delete(request);
  }
  const headers = { "content-type": "application/octet-stream", [DIGEST_HEADER]: await sha256(bytes) };
  await cache.put(KEY, new Response(bytes, { headers }));
  tell("stored");
}

async function unpackEngine(pyodide) {
  const response = await fetch(ZIP_URL);
  if (!response.ok) throw new Error(`${ZIP_URL}: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip");
}

async function restore(options, snapshot) {
  try {
    const pyodide = await bootPyodide({ ...options, _loadSnapshot: snapshot });
    // The snapshot's random state is the same on every restore: draw a fresh seed from the system.
    pyodide.runPython(`import random, sys\nassert {*${JSON.stringify(PRELOAD)}} <= sys.modules.keys()\nrandom.seed()`);
    return pyodide;
  } catch (error) {
    warn("the stored snapshot did not start", error);
    await forget();
    return null;
  }
}

/* Pyodide with the engine imported: from the stored snapshot, else booted (and a snapshot stored). */
export async function loadPyodide(options = {}) {
  options = { ...options, indexURL: INDEX_URL };
  const snapshot = await storedSnapshot();
  const restored = snapshot && (await restore(options, snapshot));
  if (restored) {
    await unpackEngine(restored); // the sources, for tracebacks and anything imported later
    tell("restored");
    return restored;
  }
  const pyodide = await bootPyodide({ ...options, _makeSnapshot: true });
  await unpackEngine(pyodide);
  pyodide.runPython(`import ${PRELOAD.join(", ")}`);
  try {
    store(pyodide.makeMemorySnapshot()).catch((error) => warn("could not be stored", error));
  } catch (error) {
    warn("could not be taken", error);
  }
  return pyodide;
}
