// Entry that survives the network, on the table page (/table/<token>/).
//
// Every form of the page (record a deal, correct it, confirm, confirm all, dispute, the
// PIN) is sent by this script instead of htmx. The write goes into an outbox in
// localStorage first, with an Idempotency-Key of its own (IETF httpapi draft), then is
// sent; when the network is gone it stays there, shown as « En attente de réseau », and is
// sent again, same key, when the network comes back (the online event, every few
// seconds, when the phone wakes up, and on the next page load). The server answers a
// repeat with its first answer (views/table/once.py): one deal, however many times it is
// sent. Each write shows one of: sending, waiting for the network, sent (with the server's
// notice), refused (with the server's reason, kept until dismissed).
//
// The deal being typed is kept too (a draft per team link and partie), so that a reload,
// the back button or a locked screen loses nothing. The page also registers the table service worker
// (/table/sw.js), which keeps the page and its static files for a reload without network.
// The words come from the template's data-text-* attributes (translated there).
(() => {
  "use strict";

  const RETRY_MS = 8000;
  const KEPT_SENT = 3;

  let outbox = null;
  let token = "";
  let sending = false;
  let retryTimer = null;
  const recent = []; // writes sent during this visit: {label, text}

  const storeKey = () => `belote-outbox:${token}`;
  const draftKey = () => `belote-draft:${token}`;

  function load() {
    try {
      const items = JSON.parse(window.localStorage.getItem(storeKey()) || "[]");
      return Array.isArray(items) ? items : [];
    } catch (error) {
      return [];
    }
  }

  function save(items) {
    try {
      window.localStorage.setItem(storeKey(), JSON.stringify(items));
    } catch (error) {
      // Storage full or refused: the write is still sent while the page stays open.
    }
  }

  function update(id, changes) {
    const items = load();
    const item = items.find((entry) => entry.id === id);
    if (item) Object.assign(item, changes);
    save(items);
    return item;
  }

  function remove(id) {
    save(load().filter((entry) => entry.id !== id));
  }

  // A random key (UUID v4). crypto.randomUUID needs a secure context, which a club's
  // http Wi-Fi is not; getRandomValues works everywhere.
  function newKey() {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  const text = (name) => outbox.dataset[`text${name}`] || "";

  // What the outbox calls a write: the deal it is about, then the button's words.
  function labelOf(form, submitter) {
    const button = submitter || form.querySelector("button[type='submit']");
    const item = form.closest(".deal-item");
    const section = form.closest("section");
    let subject = "";
    if (item) {
      subject = item.querySelector(".deal-number")?.textContent || "";
    } else if (form.id === "deal-form") {
      subject = document.getElementById("entry-title")?.textContent || "";
    } else if (section) {
      subject = section.querySelector("h2")?.textContent || "";
    }
    const action = button ? button.textContent : "";
    return [subject.trim(), action.trim()].filter(Boolean).join(" · ");
  }

  function isNewDealForm(form) {
    return form.id === "deal-form" && form.querySelector("[name='version']") === null;
  }

  // --- The list the phone shows ---------------------------------------------------------

  function render() {
    const list = outbox.querySelector(".outbox-list");
    const offline = outbox.querySelector(".outbox-offline");
    const items = load();
    list.replaceChildren();
    for (const item of items) {
      list.append(row(item));
    }
    for (const done of recent) {
      list.append(row({ state: done.state, label: done.label, reason: done.text, done: true }));
    }
    offline.textContent = text("Offline");
    offline.hidden = navigator.onLine;
    outbox.hidden = list.children.length === 0 && navigator.onLine;
  }

  function row(item) {
    const li = document.createElement("li");
    li.className = `outbox-item outbox-${item.state}`;
    li.dataset.state = item.state;
    const label = document.createElement("span");
    label.className = "outbox-label";
    label.textContent = item.label;
    const state = document.createElement("strong");
    state.className = "outbox-state";
    const words = { waiting: "Waiting", sending: "Sending", sent: "Sent", refused: "Refused" };
    state.textContent = text(words[item.state] || "Waiting");
    li.append(label, " ", state);
    if (item.state === "waiting") {
      const note = document.createElement("span");
      note.className = "outbox-note";
      note.textContent = text("Kept");
      li.append(note);
    }
    if (item.reason) {
      const reason = document.createElement("span");
      reason.className = "outbox-reason";
      reason.textContent = item.reason;
      li.append(reason);
    }
    if (item.state === "refused" && !item.done && isNewDealUrl(item.url) && document.getElementById("deal-form")) {
      const again = document.createElement("button");
      again.type = "button";
      again.className = "button outbox-again";
      again.textContent = text("Again");
      again.addEventListener("click", () => {
        remove(item.id);
        fillDealForm(item.body.filter(([name]) => name !== "deal_number"));
        render();
        document.getElementById("saisie")?.scrollIntoView();
      });
      li.append(again);
    }
    if (item.state === "refused" && !item.done) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button button-secondary outbox-dismiss";
      button.textContent = text("Dismiss");
      button.addEventListener("click", () => {
        remove(item.id);
        render();
      });
      li.append(button);
    }
    return li;
  }

  // --- Sending --------------------------------------------------------------------------

  function schedule() {
    window.clearTimeout(retryTimer);
    retryTimer = null;
    if (load().some((item) => item.state === "waiting" || item.state === "sending")) {
      retryTimer = window.setTimeout(flush, RETRY_MS);
    }
  }

  // Send the waiting writes one after the other, oldest first; stop at the first that
  // finds no network (the others would not go either).
  async function flush() {
    if (sending) return;
    sending = true;
    try {
      for (;;) {
        const item = load().find((entry) => entry.state === "waiting" || entry.state === "sending");
        if (!item) break;
        update(item.id, { state: "sending" });
        render();
        const outcome = await send(item);
        if (outcome === "offline") {
          update(item.id, { state: "waiting", waited: true });
          break;
        }
      }
    } finally {
      sending = false;
      render();
      schedule();
    }
  }

  // Post one write; return "offline" when no answer came (network gone, server down or
  // too busy), else "done" once the answer is shown.
  async function send(item) {
    let response;
    try {
      response = await window.fetch(item.url, {
        method: "POST",
        body: new URLSearchParams(item.body),
        credentials: "same-origin",
        cache: "no-store",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8",
          "HX-Request": "true",
          "HX-Current-URL": window.location.href,
          "Idempotency-Key": `"${item.key}"`,
          // The answer in the page's language, also when the service worker sends it on.
          "Accept-Language": document.documentElement.lang || navigator.language,
        },
      });
    } catch (error) {
      return "offline";
    }
    if (response.status >= 500 || response.status === 429) return "offline";
    const html = await response.text().catch(() => null);
    if (html === null) return "offline";
    const doc = new DOMParser().parseFromString(html, "text/html");
    const board = doc.getElementById("table-board");
    if (!board) {
      // A link revoked or a round closed meanwhile: the page says why.
      const why = doc.querySelector(".table-refusal h1, .table-refusal p, h1");
      finish(item, "refused", why ? why.textContent.trim() : String(response.status));
      if (response.headers.get("HX-Refresh") === "true") window.location.reload();
      return "done";
    }
    const notice = board.querySelector(".notice");
    const error = board.querySelector(".notice-error, .errorlist li");
    const isRefused = response.status >= 400 || error !== null;
    const reason = (isRefused ? error || notice : notice)?.textContent.trim() || "";
    showBoard(board, response.headers.get("HX-Push-Url"));
    // A form sent back with its errors holds what was typed: the board says it all.
    const isFormError = board.querySelector("form .errorlist li") !== null;
    finish(item, isRefused ? "refused" : "sent", reason, isFormError);
    return "done";
  }

  // Keep the outcome: a refusal stays listed until read; a write that had to wait is
  // listed as sent. One sent at once needs no line: the board's notice says so.
  function finish(item, state, reason, isFormError = false) {
    if (state === "sent" || isFormError) {
      remove(item.id);
      if (item.waited) {
        recent.unshift({ label: item.label, text: reason, state });
        recent.splice(KEPT_SENT);
      }
    } else {
      update(item.id, { state, reason });
    }
    render();
  }

  // Put the server's board in place of the page's, keeping a deal being typed.
  function showBoard(board, pushUrl) {
    const current = document.getElementById("table-board");
    if (!current) return;
    const fresh = document.importNode(board, true);
    current.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    if (pushUrl && pushUrl !== "false") window.history.replaceState(null, "", pushUrl);
    restoreDraft();
  }

  // --- Submitting -----------------------------------------------------------------------

  function onSubmit(event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.closest(".table-page")) return;
    if ((form.getAttribute("method") || "get").toLowerCase() !== "post") return;
    event.preventDefault();
    event.stopPropagation(); // htmx does not send it too
    const submitter = event.submitter || null;
    const data = new FormData(form, submitter);
    const body = Array.from(data.entries(), ([name, value]) => [name, String(value)]);
    const item = {
      id: newKey(),
      key: newKey(),
      url: form.action,
      body,
      label: labelOf(form, submitter),
      state: "sending",
      created: Date.now(),
    };
    const items = load();
    items.push(item);
    save(items);
    if (isNewDealForm(form)) {
      clearDraft();
      makeNextDeal(form);
    } else if (submitter) {
      submitter.disabled = true;
    }
    recent.splice(0);
    render();
    flush();
  }

  // Offline, the server cannot hand out the next deal's form: empty this one, numbered
  // one further. An answer from the server replaces it anyway.
  function makeNextDeal(form) {
    const number = form.querySelector("[name='deal_number']");
    if (!number) return;
    form.reset();
    numberDeal(form, Number.parseInt(number.value, 10) + 1);
    for (const output of form.querySelectorAll("output")) output.textContent = "";
  }

  function numberDeal(form, next) {
    form.querySelector("[name='deal_number']").value = String(next);
    const title = document.getElementById("entry-title");
    if (title) title.textContent = title.textContent.replace(/\d+/, String(next));
  }

  // A page opened without network (the service worker's copy) offers the deal after the
  // last one the server had: number it after the deals still waiting on this phone.
  function numberAfterWaiting() {
    const form = document.getElementById("deal-form");
    const number = form && isNewDealForm(form) && form.querySelector("[name='deal_number']");
    if (!number) return;
    const waiting = load()
      .filter((item) => item.state === "waiting" || item.state === "sending")
      .filter((item) => new URL(item.url, window.location.href).pathname === new URL(form.action).pathname)
      .map((item) => item.body.find(([name]) => name === "deal_number"))
      .filter(Boolean)
      .map(([, value]) => Number.parseInt(value, 10))
      .filter(Number.isFinite);
    const last = Math.max(0, ...waiting);
    if (last >= Number.parseInt(number.value, 10)) numberDeal(form, last + 1);
  }

  // --- The deal being typed -------------------------------------------------------------

  function saveDraft(event) {
    const form = event.target.form || event.target.closest?.("form");
    if (!form || !isNewDealForm(form)) return;
    const fields = Array.from(new FormData(form).entries(), ([name, value]) => [name, String(value)])
      .filter(([name]) => name !== "csrfmiddlewaretoken");
    // The partie is in the form's address: a draft of one partie never fills the next's.
    const draft = { action: new URL(form.action).pathname, fields };
    try {
      window.localStorage.setItem(draftKey(), JSON.stringify(draft));
    } catch (error) {
      // Nothing kept: the form itself still holds it.
    }
  }

  function clearDraft() {
    window.localStorage.removeItem(draftKey());
  }

  // Fill the new-deal form with the draft typed for its partie and number, if any.
  function restoreDraft() {
    const form = document.getElementById("deal-form");
    if (!form || !isNewDealForm(form)) return;
    let draft;
    try {
      draft = JSON.parse(window.localStorage.getItem(draftKey()) || "null");
    } catch (error) {
      return;
    }
    if (!draft || draft.action !== new URL(form.action).pathname) return;
    const fields = draft.fields;
    if (!Array.isArray(fields)) return;
    const number = form.querySelector("[name='deal_number']");
    const drafted = fields.find(([name]) => name === "deal_number");
    if (!number || !drafted || drafted[1] !== number.value) return;
    fillDealForm(fields);
  }

  function isNewDealUrl(url) {
    const form = document.getElementById("deal-form");
    return Boolean(form && isNewDealForm(form)) &&
      new URL(url, window.location.href).pathname === new URL(form.action).pathname;
  }

  // Put ``fields`` ([name, value] pairs) into the new-deal form; hidden fields stay.
  function fillDealForm(fields) {
    const form = document.getElementById("deal-form");
    if (!form || !isNewDealForm(form)) return;
    const values = new Map();
    for (const [name, value] of fields) values.set(name, [...(values.get(name) || []), value]);
    for (const element of form.elements) {
      const isMissing = !values.has(element.name) && element.type !== "checkbox";
      if (!element.name || element.type === "hidden" || isMissing) continue;
      const wanted = values.get(element.name) || [];
      if (element.type === "checkbox" || element.type === "radio") {
        element.checked = wanted.includes(element.value);
      } else if (element.tagName === "SELECT" && element.multiple) {
        for (const option of element.options) option.selected = wanted.includes(option.value);
      } else {
        element.value = wanted.shift() ?? element.value;
        values.set(element.name, wanted);
      }
    }
    // The live preview (htmx, online only) follows the restored values.
    form.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // --- Start ----------------------------------------------------------------------------

  function keepForOffline() {
    const worker = outbox.dataset.serviceWorker;
    if (!worker || !("serviceWorker" in navigator) || !window.caches) return;
    const firstVisit = !navigator.serviceWorker.controller;
    navigator.serviceWorker.register(worker, { scope: "/table/" }).then(() => {
      if (!firstVisit || !navigator.onLine) return;
      // Before the worker controls the page, keep what it loaded for the next time.
      const assets = Array.from(
        document.querySelectorAll("link[rel='stylesheet'][href], link[rel='icon'][href], script[src]"),
        (element) => element.href || element.src,
      ).filter((url) => new URL(url).origin === window.location.origin);
      window.caches.open("belote-static-v1").then((cache) => cache.addAll(assets)).catch(() => {});
      window.caches.open("belote-table-pages-v1").then((cache) => cache.add(window.location.href)).catch(() => {});
    }).catch(() => {});
  }

  function start() {
    outbox = document.querySelector("[data-offline-queue]");
    if (!outbox) return;
    token = outbox.dataset.offlineQueue;
    // A write caught "sending" by a reload or a closed tab is sent again (same key).
    for (const item of load()) {
      if (item.state === "sending") update(item.id, { state: "waiting" });
    }
    // On the page's element, capturing: after confirm.js (on the document), so that its
    // question comes first and a "no" sends nothing; before htmx (on the form).
    const page = outbox.closest(".table-page") || document;
    page.addEventListener("submit", onSubmit, true);
    document.addEventListener("input", saveDraft, true);
    document.addEventListener("change", saveDraft, true);
    window.addEventListener("online", () => { render(); flush(); });
    window.addEventListener("offline", render);
    window.addEventListener("pageshow", () => { render(); flush(); });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") flush();
    });
    numberAfterWaiting();
    restoreDraft();
    render();
    flush();
    keepForOffline();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
