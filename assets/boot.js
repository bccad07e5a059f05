/* Start the page: the engine's worker and PyScript side by side, the service worker beside them.

   Nothing waits for the service worker (sw.js): a returning page is controlled by it already, and a first
   visit starts at once, its files coming from the network as on any page. Once the game has started and
   the engine (its snapshot stored, see engine-pyodide.mjs) and the page are idle, the service worker is
   registered (a returning page's checks for a new version) and asked to store the game's files (on a
   first visit all of them, each still downloaded once) and the page says when it is ready offline. A new
   version waits until the player chooses to reload; the game in progress is saved after every move, so
   the reload resumes it.

   The engine's worker (app/engine-worker.mjs, Pyodide) is started by index.html before anything else is
   asked for, so it boots while PyScript and MicroPython draw the table, and taken over here; it is offered to the page as window.heartsEngine: a promise of an object
   whose handle(text) sends one intent and resolves to the engine's answer (pyapp/page/client.py is the
   only code that uses it). window.heartsThinker.handle(text) runs a hand review's job in a second
   worker, started with the first job. */

import { startWorker } from "./worker-client.mjs";
import * as friends from "./friends.mjs";

const here = new URL(".", document.baseURI);
const asset = (path) => new URL(path, here).href;
const serviceWorkers = "serviceWorker" in navigator ? navigator.serviceWorker : null;
let updating = false;

function showUpdate(registration) {
  const banner = document.getElementById("update");
  if (!banner || !registration.waiting) return;
  banner.hidden = false;
  banner.querySelector("button").onclick = () => {
    updating = true;
    banner.querySelector("button").disabled = true;
    if (registration.waiting) registration.waiting.postMessage("skip-waiting");
    else location.reload(); // another tab has taken the new version already
  };
}

function watchForUpdates(registration) {
  if (registration.waiting && serviceWorkers.controller) showUpdate(registration);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && serviceWorkers.controller) showUpdate(registration);
    });
  });
  serviceWorkers.addEventListener("controllerchange", () => {
    if (updating) location.reload();
  });
  const check = () => registration.update().catch(() => {});
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && check());
  setInterval(check, 30 * 60 * 1000);
}

let offlineAsked = false;
async function goOffline() {
  if (offlineAsked || !serviceWorkers) return;
  offlineAsked = true;
  serviceWorkers.addEventListener("message", (event) => {
    if (event.data && event.data.offline) {
      document.documentElement.dataset.offline = event.data.offline;
      document.documentElement.dataset.version = event.data.version || "";
    }
  });
  try {
    watchForUpdates(await serviceWorkers.register(asset("sw.js"), { scope: here.href }));
  } catch (error) {
    console.warn("Offline play is not available:", error);
    return;
  }
  (await serviceWorkers.ready).active.postMessage("precache"); // (a first visit's page is not controlled yet)
}

/* `then` once the page is idle, at most `ms` from now. */
function whenIdle(then, ms) {
  if ("requestIdleCallback" in window) requestIdleCallback(then, { timeout: ms });
  else setTimeout(then, ms);
}

let engineIdle = Promise.resolve(); // once the engine has done its own idle work (a friend's page has none)

/* The engine starts at once; the thinker (hand reviews) only when the page first gives it a job, and again
   with the next job after it failed or stopped. */
function startEngine() {
  const script = asset("app/engine-worker.mjs");
  // The engine thinks on as many cores as the device has (it starts its helper workers when it needs them).
  const first = { cores: navigator.hardwareConcurrency || 1 };
  let idle;
  engineIdle = new Promise((resolve) => (idle = resolve));
  // An engine that fails or stops is said at once (pyapp/page/main.py), even while nobody is asking it.
  const lost = () => window.dispatchEvent(new Event("hearts:engine-lost"));
  window.heartsEngine = startWorker(window.heartsEarlyEngine ?? script, "engine", first, idle, lost);
  // The page's Python starts another engine when this one has failed or stopped (the game goes on from
  // its save): the old one is ended, the new one offered as heartsEngine.
  window.heartsRestartEngine = () => {
    window.heartsEngine.then((engine) => engine.close(), () => {});
    window.heartsEngine = startWorker(script, "engine", first, undefined, lost);
    return window.heartsEngine;
  };
  let thinker = null;
  window.heartsThinker = {
    handle: async (text) => {
      const started = (thinker ||= startWorker(script, "thinker"));
      try {
        return await (await started).handle(text);
      } catch (error) {
        if (thinker === started) thinker = null; // (a new thinker for the next job)
        throw error;
      }
    },
  };
}

/* localStorage for the page's Python, which cannot catch an exception thrown in JavaScript (MicroPython's
   page stops): a store that refuses a value (full, or blocked) answers false instead of throwing, one that
   cannot be used at all is null (pyapp/page/storage.py). */
function pageStorage() {
  let store;
  try {
    store = window.localStorage;
    store.getItem("hearts.settings");
  } catch {
    return null;
  }
  return {
    getItem: (key) => {
      try {
        return store.getItem(key);
      } catch {
        return false;
      }
    },
    setItem: (key, value) => {
      try {
        store.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    removeItem: (key) => {
      try {
        store.removeItem(key);
      } catch {
        // (nothing to do: what is not removed is read as it is)
      }
    },
  };
}
window.heartsStorage = pageStorage();

/* A friends' game: the connections (assets/friends.mjs). A friend's page (an invitation's link, #join=…)
   plays on the host's engine and starts none of its own. */
window.heartsFriends = friends;
if (!location.hash.startsWith("#join=")) startEngine();
// An invitation opened in a tab that shows the game already (a new one, after a reload): joined afresh.
window.addEventListener("hashchange", () => location.hash.startsWith("#join=") && location.reload());
// Sent by the page's Python once the engine answers: then, when the engine and the page are idle, the
// service worker.
window.addEventListener("hearts:started", () => engineIdle.then(() => whenIdle(goOffline, 2000)), { once: true });
setTimeout(goOffline, 30000); // even if the page never finished starting
/* The page's modules come in one download (app/page.pack, which PyScript fetches as its config says): put
   among MicroPython's files once its interpreter is ready, before the page's script runs (PyScript's
   onReady hook).  Each file is its name's length (2 bytes, little-endian), its name (UTF-8), its length
   (4 bytes) and its bytes (tools/page_pack.py writes it). */
const PACK = "./page.pack";
function unpackPage({ interpreter: { FS } }) {
  const data = FS.readFile(PACK);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const names = new TextDecoder();
  for (let at = 0; at < data.length; ) {
    const nameEnd = at + 2 + view.getUint16(at, true);
    const bodyEnd = nameEnd + 4 + view.getUint32(nameEnd, true);
    if (bodyEnd > data.length) throw new Error("The page's pack is cut short: reload the page.");
    const name = names.decode(data.subarray(at + 2, nameEnd));
    const folder = name.slice(0, name.lastIndexOf("/"));
    if (folder) FS.mkdirTree(folder);
    FS.writeFile(name, data.subarray(nameEnd + 4, bodyEnd));
    at = bodyEnd;
  }
  FS.unlink(PACK);
}

const { hooks } = await import(asset("runtime/pyscript/core.js"));
hooks.main.onReady.add(unpackPage);
