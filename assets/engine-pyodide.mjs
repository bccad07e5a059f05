/* Pyodide for the engine's worker, restored from a memory snapshot of the booted engine when one is stored.

   The engine's worker (engine-worker.mjs) imports loadPyodide from here rather than from
   runtime/pyodide/pyodide.mjs. tools/build.py writes dist/app/engine-pyodide.mjs as two constants and this file:
     ENGINE:  a hash of the engine's zip (app/engine.zip), so a new engine never meets an old snapshot;
     PRELOAD: the modules imported before the snapshot is taken (the worker's entry imports the engine).

   Every boot writes the engine's zip (fetched while Pyodide starts, its bytecode beside its sources) into
   Python's files, where the engine is imported from in place (zipimport: nothing is unpacked). The
   engine's first boot (and its first after Pyodide or the engine changed) starts Python as usual, imports
   the engine and takes a copy of Pyodide's memory, which the engine's worker stores (storeKept) once it
   has answered and is idle: storing never delays the engine's first answer. It is kept in the origin's
   private file system (OPFS: a worker reads its 31 MB there in 30-160 ms, where Cache Storage took
   240-480 ms while the page booted beside it), in a folder of this copy of the site, as one file
   named by Pyodide's version, ENGINE and its SHA-256. Later boots (the thinkers' too) restore that memory
   instead of starting Python and importing the engine again. A snapshot that is damaged (its SHA-256
   differs), that Pyodide refuses (another build) or that does not hold the engine is thrown away and the
   ordinary boot follows: a snapshot can only save time. A browser without OPFS in workers boots as usual.

   The engine's ordinary boot also keeps Pyodide's WebAssembly as it downloads it and, when idle, hands
   it over to the service worker (Cache Storage, HANDOFF), which checks its hash and stores it: on a first
   visit the page does not wait for the service worker (assets/boot.js), so it did not see those 9.6 MB
   pass, and a private window's HTTP cache is too small to keep them: they would be downloaded twice. */

import { loadPyodide as bootPyodide, version } from "../runtime/pyodide/pyodide.mjs";

const INDEX_URL = new URL("../runtime/pyodide/", import.meta.url).href;
// The engine's share of Python's standard library, compiled (tools/worker_python.py); the whole library (Pyodide's,
// as sources) is fetched only if a module the share lacks is imported (pyapp/workers/stdlib_fallback.py).
const SHARE_URL = new URL("./engine-stdlib.zip", import.meta.url).href;
const WHOLE_URL = new URL("python_stdlib.zip", INDEX_URL).href;
const WHOLE_PATH = "/lib/python_stdlib_whole.zip";
const ZIP_URL = new URL("./engine.zip", import.meta.url).href;
const ZIP_PATH = "/lib/hearts-engine.zip"; // on sys.path (a snapshot's sys.path names it: a restore writes it there)
const SITE = new URL("../", import.meta.url).href;
const SNAPSHOTS = "hearts-snapshots"; // OPFS: a folder per copy of the site (several may share an origin) ...
const FOLDER = encodeURIComponent(SITE);
const NAME = `${version}-${ENGINE}`; // ... holding one file, named `${NAME}.${its SHA-256}`
const OLD_CACHE = `hearts-snapshot:${SITE}`; // where earlier builds kept it: emptied once one is stored here
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
const HANDOFF = `hearts-handoff:${SITE}`; // read by sw.js

// What became of the snapshot is told on the worker's console (the end-to-end tests read it).
const warn = (what, error) => console.warn(`Engine snapshot: ${what}:`, error);
const tell = (what) => console.info(`Engine snapshot: ${what}`);

let taken = null; // the snapshot this boot took, until it is stored
let wasm = null; // the WebAssembly this boot downloaded, until it is handed over

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/* A stored snapshot that is not what was stored: thrown away. */
class Damaged extends Error {}

/* This site's folder of snapshots (NotFoundError when there is none and not `create`). */
async function folder(create = false) {
  const root = await navigator.storage.getDirectory();
  return (await root.getDirectoryHandle(SNAPSHOTS, { create })).getDirectoryHandle(FOLDER, { create });
}

async function forget() {
  try {
    const root = await navigator.storage.getDirectory();
    await (await root.getDirectoryHandle(SNAPSHOTS)).removeEntry(FOLDER, { recursive: true });
  } catch (error) {
    if (error.name !== "NotFoundError") warn("could not delete the stored snapshot", error);
  }
}

/* A file's bytes, read at once through a read-only access handle (a thinker may be reading it too), else as
   a file (a browser that lacks read-only handles, while another worker reads it). */
async function readWhole(handle) {
  try {
    const access = await handle.createSyncAccessHandle({ mode: "read-only" });
    try {
      const bytes = new Uint8Array(access.getSize());
      access.read(bytes, { at: 0 });
      return bytes;
    } finally {
      access.close();
    }
  } catch {
    return new Uint8Array(await (await handle.getFile()).arrayBuffer());
  }
}

/* The stored snapshot for this Pyodide and this engine: the promises of its bytes (Pyodide starts while they
   are read) and of its check (whole: its SHA-256 is the one in its name, worked out off this thread); null
   when there is none. (One that cannot be read now is not used, and kept: another worker may hold it.) */
async function storedSnapshot() {
  if (!navigator.storage?.getDirectory) return null;
  let handle = null;
  let stored = null;
  try {
    for await (const [name, entry] of (await folder()).entries()) {
      if (name.startsWith(`${NAME}.`)) [handle, stored] = [entry, name.slice(NAME.length + 1)];
    }
  } catch (error) {
    if (error.name !== "NotFoundError") warn("the stored snapshot could not be looked for", error);
    return null;
  }
  if (!handle) return null;
  const bytes = readWhole(handle);
  const checked = bytes.then(sha256).then((digest) => {
    if (digest !== stored) throw new Damaged("its checksum differs");
  });
  checked.catch(() => {}); // (awaited in restore, as are the bytes through it)
  bytes.catch(() => {});
  return { bytes, checked };
}

/* Keep this snapshot, and only this one (a write cut short is removed; one that is not, yet torn, fails its
   check when read). */
async function store(bytes) {
  if (!navigator.storage?.getDirectory) return;
  const name = `${NAME}.${await sha256(bytes)}`;
  const snapshots = await folder(true);
  const others = [];
  for await (const other of snapshots.keys()) if (other !== name) others.push(other);
  for (const other of others) await snapshots.removeEntry(other);
  const access = await (await snapshots.getFileHandle(name, { create: true })).createSyncAccessHandle();
  try {
    access.truncate(0);
    if (access.write(bytes, { at: 0 }) !== bytes.length) throw new Error("it was written in part");
    access.flush();
  } catch (error) {
    access.close();
    await snapshots.removeEntry(name);
    throw error;
  }
  access.close();
  tell("stored");
  if (typeof caches !== "undefined") await caches.delete(OLD_CACHE);
}

async function fetchEngine() {
  const response = await fetch(ZIP_URL);
  if (!response.ok) throw new Error(`${ZIP_URL}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/* Boot Pyodide, keeping a copy of its WebAssembly as it comes (Pyodide fetches it itself). */
async function bootKeeping(options) {
  const fetchAsUsual = self.fetch;
  self.fetch = (resource, init) => {
    const fetching = fetchAsUsual(resource, init);
    if (String(resource) === WASM_URL) {
      fetching.then((response) => (wasm = response.ok ? response.clone() : null)).catch(() => {});
    }
    return fetching;
  };
  try {
    return await bootPyodide({ ...options, _makeSnapshot: true });
  } finally {
    self.fetch = fetchAsUsual;
  }
}

/* Pyodide restored from `snapshot` (its bytes as they are read) while its check goes on: nothing runs in it
   before the check has passed. */
async function restore(options, { bytes, checked }) {
  const booting = bootPyodide({ ...options, _loadSnapshot: bytes });
  try {
    await checked;
  } catch (error) {
    await booting.catch(() => {}); // (a damaged snapshot's Pyodide is never used: the next boot waits for it)
    warn("the stored snapshot is not used", error);
    if (error instanceof Damaged) await forget(); // (one that could not be read now is kept)
    return null;
  }
  try {
    const pyodide = await booting;
    // The snapshot's random state is the same on every restore: draw a fresh seed from the system.
    pyodide.runPython(`import random, sys\nassert {*${JSON.stringify(PRELOAD)}} <= sys.modules.keys()\nrandom.seed()`);
    return pyodide;
  } catch (error) {
    warn("the stored snapshot did not start", error);
    await forget();
    return null;
  }
}

/* Pyodide with the engine imported: from the stored snapshot, else booted; `keep` (the engine's worker):
   a booted one keeps its snapshot and WebAssembly, for storeKept. */
export async function loadPyodide({ keep = false } = {}) {
  const options = { indexURL: INDEX_URL, stdLibURL: SHARE_URL };
  const engine = fetchEngine();
  engine.catch(() => {}); // (awaited below: a failure is thrown there)
  const snapshot = await storedSnapshot();
  const restored = snapshot && (await restore(options, snapshot));
  if (restored) {
    restored.FS.writeFile(ZIP_PATH, new Uint8Array(await engine)); // for anything imported later, and tracebacks
    wholeLibraryWhenNeeded(restored);
    tell("restored");
    return restored;
  }
  const pyodide = await (keep ? bootKeeping(options) : bootPyodide(options));
  pyodide.FS.writeFile(ZIP_PATH, new Uint8Array(await engine));
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(ZIP_PATH)})\nimport ${PRELOAD.join(", ")}`);
  if (keep) {
    try {
      taken = pyodide.makeMemorySnapshot(); // now, before anything else runs in Python
    } catch (error) {
      warn("could not be taken", error);
    }
  }
  wholeLibraryWhenNeeded(pyodide); // (after the snapshot: it holds no JavaScript function)
  return pyodide;
}

/* Should a standard module the share lacks be imported, the whole library is fetched then (synchronously:
   an import cannot wait) into Python's files. */
function wholeLibraryWhenNeeded(pyodide) {
  const fetchWhole = () => {
    const request = new XMLHttpRequest();
    request.open("GET", WHOLE_URL, false);
    request.responseType = "arraybuffer";
    request.send();
    if (request.status !== 200) throw new Error(`${WHOLE_URL}: HTTP ${request.status}`);
    pyodide.FS.writeFile(WHOLE_PATH, new Uint8Array(request.response));
  };
  pyodide.pyimport("pyapp.workers.stdlib_fallback").install(fetchWhole, WHOLE_PATH);
}

/* Store what this boot kept, if anything: its snapshot, and its WebAssembly for the service worker (the
   engine's worker calls it when idle). */
export async function storeKept() {
  const [bytes, response] = [taken, wasm];
  taken = wasm = null;
  if (bytes) await store(bytes).catch((error) => warn("could not be stored", error));
  if (response && typeof caches !== "undefined") {
    await caches
      .open(HANDOFF)
      .then((handoff) => handoff.put(WASM_URL, response))
      .catch((error) => console.warn("Pyodide's WebAssembly could not be handed over:", error));
  }
}
