// The table phones' service worker, served by Django at /table/sw.js (scope /table/,
// views/table/app.py) so that it controls the table pages only.
//
// It keeps what a table page needs to open without the network: the page's static files
// (stale-while-revalidate: the copy at once, refreshed behind) and the last copy of each
// table page (network first, the copy when the network is gone or too slow). The writes
// are not its business: static/js/table_offline.js keeps them on the phone and sends
// them again. Workbox 7 (static/vendor/, MIT licence) does the caching; nothing comes from
// another site, as the Content-Security-Policy says.
"use strict";

importScripts("/static/vendor/workbox-7.4.1/workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "/static/vendor/workbox-7.4.1/", debug: false });

// The cache names table_offline.js fills on a page's first visit, before this worker
// controls it.
const STATIC_CACHE = "belote-static-v1";
const PAGE_CACHE = "belote-table-pages-v1";

const { registerRoute } = workbox.routing;
const { NetworkFirst, StaleWhileRevalidate } = workbox.strategies;
const { CacheableResponsePlugin } = workbox.cacheableResponse;

self.skipWaiting();
workbox.core.clientsClaim();

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith("/static/") &&
    request.method === "GET",
  new StaleWhileRevalidate({
    cacheName: STATIC_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

// A table page: /table/<token>/ and a deal's correction page /table/<token>/donnes/<n>/.
registerRoute(
  ({ url, request }) =>
    request.mode === "navigate" && url.origin === self.location.origin &&
    /^\/table\/[^/]+\/(donnes\/\d+\/)?$/.test(url.pathname),
  new NetworkFirst({
    cacheName: PAGE_CACHE,
    // The page varies on the language cookie and htmx's header: one phone, one copy.
    matchOptions: { ignoreVary: true },
    networkTimeoutSeconds: 5,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

// Old caches of earlier versions of this worker go.
self.addEventListener("activate", (event) => {
  const kept = new Set([STATIC_CACHE, PAGE_CACHE]);
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(
        names.filter((name) => name.startsWith("belote-") && !kept.has(name))
          .map((name) => caches.delete(name)),
      ),
    ),
  );
});
