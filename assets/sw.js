/* The service worker: the game keeps working offline, and a new version never replaces files under a game.

   tools/build.py writes dist/sw.js as two constants and this file:
     VERSION: a hash of every file of the build (a new build, a new cache);
     FILES:   { path relative to this script: hash of that file }.

   First visit: the page does not wait for this worker (assets/boot.js), so nothing it loads passes through
   here and nothing is stored before the engine's first answer. Once the game has started and the engine
   and the page are idle, the page asks for the files ("precache"): Pyodide's WebAssembly is taken from
   where the engine's worker handed it over (HANDOFF: a private window's HTTP cache cannot hold its 9.6 MB),
   every other file is fetched revalidating the browser's HTTP cache, so each is downloaded once, and this
   worker then takes the page. A file outside FILES that a page fetches is kept too, for this version.
   Update: the new worker copies every unchanged file from the old cache, downloads the changed ones, and
   waits. It takes over only when the player chooses "Reload" (message "skip-waiting"), then deletes the
   old caches. A file is stored only with its content in this build (its hash), so a deployment made
   meanwhile never slips into this build's cache. */

const PREFIX = `hearts:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;
const HANDOFF = `hearts-handoff:${self.registration.scope}`; // (assets/engine-pyodide.mjs)
const REVISIONS = "__revisions__";
const urlOf = (path) => new URL(path, self.registration.scope).href;
const INDEX = urlOf("index.html");
const REVISION_OF = new Map(Object.entries(FILES).map(([path, revision]) => [urlOf(path), revision]));

async function previousCache() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) {
      const cache = await caches.open(name);
      const revisions = await cache.match(urlOf(REVISIONS));
      if (revisions) return { cache, revisions: await revisions.json() };
    }
  }
  return null;
}

async function revisionOf(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  return Array.from(digest.slice(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/* Store a response for url, if it holds this build's file (a file outside FILES: as it is). */
async function keep(cache, url, response) {
  const revision = REVISION_OF.get(url);
  if (revision !== undefined && (await revisionOf(response)) !== revision) {
    throw new Error(`${url} is not this version's (the site changed meanwhile)`);
  }
  await cache.put(url, response);
}

async function download(cache, url) {
  const handed = await caches.match(url, { cacheName: HANDOFF });
  if (handed) {
    try {
      return await keep(cache, url, handed);
    } catch {
      // another build's (an old hand-over): downloaded instead
    }
  }
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await keep(cache, url, response);
}

/* Store every file of this version that the cache lacks (from the old cache when unchanged). */
async function fill(previous) {
  const cache = await caches.open(CACHE);
  await Promise.all(
    Object.entries(FILES).map(async ([path, revision]) => {
      const url = urlOf(path);
      if (await cache.match(url)) return;
      if (previous && previous.revisions[path] === revision) {
        const old = await previous.cache.match(url);
        if (old) return cache.put(url, old);
      }
      return download(cache, url);
    }),
  );
  await cache.put(urlOf(REVISIONS), new Response(JSON.stringify(FILES)));
  await caches.delete(HANDOFF);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const previous = await previousCache();
      if (previous) await fill(previous);
      else await self.skipWaiting(); // a first visit: no game to protect
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "precache") {
    const page = event.source;
    event.waitUntil(
      (async () => {
        await fill(null);
        await self.clients.claim(); // (a first visit's page: not before)
      })().then(
        () => page && page.postMessage({ offline: "ready", version: VERSION }),
        (error) => page && page.postMessage({ offline: "failed", reason: String(error) }),
      ),
    );
  }
});

async function respond(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const url = request.mode === "navigate" ? INDEX : request.url.split(/[?#]/)[0];
  const cached = await cache.match(url);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic" && request.mode !== "navigate") {
    event.waitUntil(keep(cache, url, response.clone())); // stream to the page while the copy is stored
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  if (request.headers.has("range")) return;
  event.respondWith(respond(event));
});
