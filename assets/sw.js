/* The service worker: the game keeps working offline, a new version never replaces files under a game, and
   a tab never runs two builds.

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
   waits. It takes over only when the player chooses "Reload" (message "skip-waiting").

   One tab, one build: a page is served this worker's index.html, and then the page and every worker it
   starts are served from the cache of that build, whichever worker is active by then (a record per client
   in Cache Storage, as a service worker may stop between two requests). An older build's cache is deleted
   once no page of it is open. A file is stored only with its content in this build (its hash), so a
   deployment made meanwhile never slips into this build's cache. */

const PREFIX = `hearts:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;
const CLIENTS = `hearts-clients:${self.registration.scope}`; // client id → {version, page}
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

// Which build each page and worker runs ----------------------------------------------------------------

const builds = new Map(); // client id → {version, page} (null: not known), as read or written here
const recordUrl = (id) => urlOf(`__client__/${encodeURIComponent(id)}`);

async function buildOf(id) {
  if (!id) return null;
  if (!builds.has(id)) {
    const found = await (await caches.open(CLIENTS)).match(recordUrl(id));
    if (!builds.has(id)) builds.set(id, found ? await found.json() : null);
  }
  return builds.get(id);
}

async function remember(id, record) {
  builds.set(id, record);
  await (await caches.open(CLIENTS)).put(recordUrl(id), new Response(JSON.stringify(record)));
}

/* Forget the pages that are closed, and delete every build's cache that no open page runs. */
async function prune() {
  const open = new Set((await self.clients.matchAll({ type: "window", includeUncontrolled: true })).map((c) => c.id));
  const records = await caches.open(CLIENTS);
  const running = new Set([VERSION]);
  for (const request of await records.keys()) {
    const record = await (await records.match(request)).json();
    if (open.has(record.page)) {
      running.add(record.version);
    } else {
      await records.delete(request);
      builds.delete(decodeURIComponent(request.url.slice(recordUrl("").length)));
    }
  }
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && !running.has(name.slice(PREFIX.length))) await caches.delete(name);
  }
}

// Events ---------------------------------------------------------------------------------------------

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const previous = await previousCache();
      if (previous) await fill(previous);
      else await self.skipWaiting(); // a first visit: no game to protect
    })(),
  );
});

self.addEventListener("activate", (event) => event.waitUntil(prune()));

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "precache") {
    const page = event.source;
    event.waitUntil(
      (async () => {
        await fill(null);
        // A page this worker has not served (a first visit's) runs this build: it is taken now.
        if (page && !(await buildOf(page.id))) await remember(page.id, { version: VERSION, page: page.id });
        await self.clients.claim();
        await prune();
      })().then(
        () => page && page.postMessage({ offline: "ready", version: VERSION }),
        (error) => page && page.postMessage({ offline: "failed", reason: String(error) }),
      ),
    );
  }
});

async function respond(event) {
  const request = event.request;
  if (request.mode === "navigate") {
    // A new page: this build's, from now on (with every worker it starts).
    const page = event.resultingClientId;
    if (page) event.waitUntil(remember(page, { version: VERSION, page }));
    const cached = await caches.match(INDEX, { cacheName: CACHE });
    return cached || fetch(request);
  }
  const client = await buildOf(event.clientId);
  const version = client ? client.version : VERSION;
  if (request.destination === "worker" && event.resultingClientId) {
    event.waitUntil(remember(event.resultingClientId, { version, page: client ? client.page : event.clientId }));
  }
  const url = request.url.split(/[?#]/)[0];
  const cached = await caches.match(url, { cacheName: PREFIX + version });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic" && version === VERSION) {
    // Stored while it streams to the page (an older build's page gets it from the network, unstored).
    event.waitUntil(caches.open(CACHE).then((cache) => keep(cache, url, response.clone())));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  if (request.headers.has("range")) return;
  event.respondWith(respond(event));
});
