/* Start the page: the service worker first, then the engine's worker and PyScript side by side.

   The service worker (sw.js) is registered and given control of the page first, so on a first visit
   every file passes through it and is cached on the way: each is downloaded once (a page that does not
   wait for it starts about 0.2 s sooner, but Pyodide's 10 MB of WebAssembly can then be downloaded
   twice). A returning page is controlled already and starts at once. When the page has started, the
   service worker is asked to cache whatever else the game needs, and the page says when it is ready
   offline. A new version waits until the player chooses to reload; the game in progress is saved after
   every move, so the reload resumes it.

   The engine's worker (app/engine-worker.mjs, Pyodide) starts next, so it boots while PyScript and
   MicroPython draw the table; it is offered to the page as window.heartsEngine: a promise of an object
   whose handle(text) sends one intent and resolves to the engine's answer (pyapp/web/client.py is the
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
    registration.waiting.postMessage("skip-waiting");
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

async function register() {
  try {
    watchForUpdates(await serviceWorkers.register(asset("sw.js"), { scope: here.href }));
    return true;
  } catch (error) {
    console.warn("Offline play is not available:", error);
    return false;
  }
}

/* Resolve once the service worker controls the page. A returning page is controlled already: it starts
   at once and checks for a new version meanwhile. A first visit waits for the worker to take it. */
async function takeControl() {
  if (!serviceWorkers) return;
  if (serviceWorkers.controller) {
    register();
    return;
  }
  if ((await register()) && !serviceWorkers.controller) {
    await new Promise((resolve) => {
      serviceWorkers.addEventListener("controllerchange", resolve, { once: true });
      setTimeout(resolve, 10000); // never keep the game from starting
    });
  }
}

let precacheAsked = false;
function precache() {
  if (precacheAsked || !serviceWorkers) return;
  if (!serviceWorkers.controller) {
    // Not yet (the service worker was slow to activate): as soon as it takes the page.
    serviceWorkers.addEventListener("controllerchange", precache, { once: true });
    return;
  }
  precacheAsked = true;
  serviceWorkers.addEventListener("message", (event) => {
    if (event.data && event.data.offline) {
      document.documentElement.dataset.offline = event.data.offline;
      document.documentElement.dataset.version = event.data.version || "";
    }
  });
  serviceWorkers.controller.postMessage("precache");
}

function preload(href, as) {
  const link = document.createElement("link");
  if (as) {
    link.rel = "preload";
    link.as = as;
    link.type = "application/wasm";
    link.crossOrigin = "anonymous";
  } else {
    link.rel = "modulepreload";
  }
  link.href = asset(href);
  document.head.append(link);
}

/* The engine starts at once; the thinker (hand reviews) only when the page first gives it a job. */
function startEngine() {
  const script = asset("app/engine-worker.mjs");
  // The engine thinks on as many cores as the device has (it starts its helper workers when it needs them).
  window.heartsEngine = startWorker(script, "engine", { cores: navigator.hardwareConcurrency || 1 });
  let thinker = null;
  window.heartsThinker = {
    handle: async (text) => (await (thinker ||= startWorker(script, "thinker"))).handle(text),
  };
}

await takeControl();
/* A friends' game: the connections (assets/friends.mjs). A friend's page (an invitation's link, #join=…)
   plays on the host's engine and starts none of its own. */
window.heartsFriends = friends;
if (!location.hash.startsWith("#join=")) startEngine();
// An invitation opened in a tab that shows the game already (a new one, after a reload): joined afresh.
window.addEventListener("hashchange", () => location.hash.startsWith("#join=") && location.reload());
// Start fetching the main thread's interpreter at once instead of after PyScript has loaded.
preload("runtime/micropython/micropython.mjs");
preload("runtime/micropython/micropython.wasm", "fetch");
window.addEventListener("hearts:started", precache, { once: true }); // sent by pyapp/web/main.py
setTimeout(precache, 30000); // even if the page never finished starting
await import(asset("runtime/pyscript/core.js"));
