/* The service worker: the game keeps working offline, and a new version never replaces files under a game.

   tools/build.py writes dist/sw.js as two constants and this file:
     VERSION: a hash of every file of the build (a new build, a new cache);
     FILES:   { path relative to this script: hash of that file }.

   First visit: nothing to wait for, so the worker activates at once and takes
   the page; the page's own requests fill the cache as they pass (each file is
   downloaded once), and the page then asks for the rest ("precache"). A
   file outside FILES that the page fetches is kept too, for this version.
   Update: the new worker copies every unchanged file from the old cache,
   downloads the changed ones, and waits. It takes over only when the player
   chooses "Reload" (message "skip-waiting"), then deletes the old caches. */

const PREFIX = `hearts:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;
const REVISIONS = "__revisions__";
const urlOf = (path) => new URL(path, self.registration.scope).href;
const INDEX = urlOf("index.html");

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

async function download(cache, url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await cache.put(url, response);
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
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "precache") {
    event.waitUntil(
      fill(null).then(
        () => event.source && event.source.postMessage({ offline: "ready", version: VERSION }),
        (error) => event.source && event.source.postMessage({ offline: "failed", reason: String(error) }),
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
    event.waitUntil(cache.put(url, response.clone())); // stream to the page while the copy is stored
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  if (request.headers.has("range")) return;
  event.respondWith(respond(event));
});
