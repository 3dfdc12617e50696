// Entry that survives the network, on the table page (/table/<token>/).
//
// Every form of the page (record a deal, correct it, confirm, confirm all, dispute, the
// PIN) is sent by this script instead of htmx. The write goes into an outbox in
// localStorage first, with an Idempotency-Key of its own (IETF httpapi draft), then is
// sent; when the network is gone it stays there, shown as « En attente de réseau », and is
// sent again, same key, when the network comes back (the online event, every few
// seconds, when the phone wakes up, and on the next page load). A server that answers
// but cannot take the write (a 5xx, 429 too many requests, 408, or a page that is not the
// site's, as a hall Wi-Fi's login page) keeps it too, shown as « Serveur indisponible,
// nouvel essai… », and it is sent again the same way; a 503 with Retry-After (the
// server's « still answering » of a repeat, views/table/once.py) is shown as
// « Enregistrement en cours… » and sent again after those seconds. Only the site's own refusal (its
// board with the reason, or its page saying why) ends a write as refused. The server
// answers a repeat with its first answer (views/table/once.py): one deal, however many
// times it is sent. Each write shows one of: sending, waiting for the network, server
// unavailable, sent (with the server's notice), refused (with the server's reason, kept
// until dismissed).
//
// A tap on the new-deal form a save has just emptied, nothing typed since (a second or
// third tap of « Enregistrer la donne »), sends nothing: it could only be refused as
// empty. The next deal's number is the server's (its answer's data-next-deal), one
// further for each deal waiting here after it.
//
// Offline the phone numbers the next deal itself, after those waiting, and knows from the
// form's data-deals-* attributes how many deals the match has (a match of a fixed number
// of deals; passed deals do not count): after its last deal it offers no further one and
// says the match is complete. After each answer it keeps a fresh copy of the page for a
// reload without network (the service worker's cache), so that copy lists the deals sent.
//
// A write refused by the site's page rather than its board (a link revoked or a round
// closed meanwhile: a deal kept offline sent at last) is listed as « Non enregistrée »,
// with the deal's figures as they were typed, for the table to give to the desk: the
// page then reloads to the refusal, which lists the writes this phone kept for its link
// (« Envois de ce téléphone »), never sending them. A new deal refused by the board of a
// table that takes nothing more from the phones (stopped for time, kept by the desk,
// over or locked: its board's data-closed) says the same, with its figures; one refused
// as already recorded (deal_exists, the same deal from the other phone: its board's
// data-recorded) is recorded, listed as « Déjà enregistrée » like a deal sent, never put
// back in the form (another deal under that number, deal_conflict, stays refused).
//
// Every BELOTE_TABLE_REFRESH_SECONDS (the board's data-refresh-seconds) while the page is
// shown, and at once when it is shown again, the phone asks for its board
// (views/table/refresh.py) with the ETag of the one it shows (data-board-tag): the
// opponents' deals and confirmations appear without a reload. Never while someone is
// typing (a field has the focus, the new-deal form holds something, a correction or a
// dispute is open) nor while a write is on its way; a poll that gets no answer says
// nothing, the board stays as it was. A poll held back because the new-deal form holds
// something typed says so above the board (« Mise à jour automatique en pause… »), until
// the form is emptied or sent: nothing typed is wiped, and the players know why the
// opponents' deals do not appear. The note comes as soon as the form holds something
// (its input and change events, a field leaving the focus), not at the next poll, and
// goes as soon as it is empty again (the poll's own rule, isDealTyped).
//
// The deal being typed is kept too (a draft per team link and partie), so that a reload,
// the back button or a locked screen loses nothing. The page also registers the table service worker
// (/table/sw.js), which keeps the page and its static files for a reload without network.
// The words come from the template's data-text-* attributes (translated there).
(() => {
  "use strict";

  const RETRY_MS = 8000;
  const KEPT_SENT = 24; // a whole match's deals sent after a cut, each listed as sent
  const PAGE_CACHE = "belote-table-pages-v1"; // as table_sw.js names it
  // Statuses of a server that answered but could not take the write now: sent again.
  const RETRIED_STATUSES = new Set([408, 425, 429]);
  // A Wi-Fi that keeps the connection but passes nothing would hold a write "sending"
  // for minutes: after this long it waits and goes again (same key, so never twice).
  const SEND_TIMEOUT_MS = 30000;
  // A 503 with Retry-After (views/table/once.py: the write's first sending is still being
  // answered) is sent again after that many seconds, within these bounds.
  const RETRY_AFTER_MIN_MS = 1000;
  const RETRY_AFTER_MAX_MS = 30000;

  let outbox = null;
  let token = "";
  let sending = false;
  let retryTimer = null;
  let retryAfterMs = null; // the next retry's wait when an answer said (Retry-After)
  // The new-deal form emptied after a save, with what it held then (its fields but the
  // number): a tap while it still holds just that is a second tap, not a deal.
  const emptied = new WeakMap();
  const recent = []; // writes sent during this visit: {label, text}
  // Writes submitted and boards shown during this visit: a poll answered after either
  // changed is older than what the page shows, and is dropped.
  let changes = 0;
  let polling = false;
  let pollTimer = null;

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
    holdQueuedButtons(items);
  }

  // A confirmation (or any write but a new deal) still waiting keeps its button off, also
  // on a page reloaded without network: a second tap would send it twice.
  function holdQueuedButtons(items) {
    const queued = new Set(
      items
        .filter((item) => item.state === "waiting" || item.state === "sending")
        .map((item) => new URL(item.url, window.location.href).pathname),
    );
    for (const form of document.querySelectorAll("#table-board form[method='post']")) {
      if (isNewDealForm(form) || !queued.has(new URL(form.action).pathname)) continue;
      for (const button of form.querySelectorAll("button[type='submit']")) button.disabled = true;
    }
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
    const words = {
      waiting: "Waiting",
      sending: "Sending",
      sent: "Sent",
      recorded: "Recorded",
      refused: "Refused",
    };
    const isBusy = item.state === "waiting" && item.busy;
    const isAnswering = item.state === "waiting" && item.answering;
    const word = isAnswering ? "Answering" : isBusy ? "Busy" : words[item.state] || "Waiting";
    state.textContent = text(word);
    if (isBusy) li.dataset.busy = "true";
    if (isAnswering) li.dataset.answering = "true";
    li.append(label, " ", state);
    if (item.state === "waiting" && !isAnswering) {
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
    const isRevoked = outbox.hasAttribute("data-revoked") && item.state !== "recorded";
    if (item.figures && (item.state === "refused" || isRevoked)) {
      const figures = document.createElement("span");
      figures.className = "outbox-figures";
      figures.textContent = item.figures;
      li.append(figures);
    }
    if (item.state === "refused" && !item.done && isNewDealUrl(item.url) && document.getElementById("deal-form")) {
      const again = document.createElement("button");
      again.type = "button";
      again.className = "button outbox-again";
      again.textContent = text("Again");
      again.addEventListener("click", () => {
        remove(item.id);
        refillRefused(item);
        render();
        document.getElementById("saisie")?.scrollIntoView();
      });
      li.append(again);
    }
    if ((item.state === "refused" || item.state === "recorded") && !item.done) {
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
    const delay = retryAfterMs ?? RETRY_MS;
    retryAfterMs = null;
    if (load().some((item) => item.state === "waiting" || item.state === "sending")) {
      retryTimer = window.setTimeout(flush, delay);
    }
  }

  // Send the waiting writes one after the other, oldest first; stop at the first that
  // finds no network (the others would not go either).
  async function flush() {
    if (sending) return;
    if (!navigator.onLine) {
      // The browser knows there is no network: nothing is tried until it says it is back
      // (the online event), or at the next retry. A request sent now could only fail, or,
      // through the service worker, escape a test's cut network.
      save(load().map((entry) =>
        entry.state === "sending"
          ? { ...entry, state: "waiting", waited: true, busy: false, answering: false }
          : entry));
      render();
      schedule();
      return;
    }
    sending = true;
    let answered = false;
    try {
      for (;;) {
        const item = load().find((entry) => entry.state === "waiting" || entry.state === "sending");
        if (!item) break;
        update(item.id, { state: "sending" });
        render();
        const outcome = await send(item);
        if (outcome === "offline" || outcome === "busy" || outcome === "answering") {
          // This one and those queued behind it (a deal typed meanwhile) wait, and say so.
          const busy = outcome === "busy";
          const answering = outcome === "answering";
          save(load().map((entry) =>
            entry.state === "sending" || entry.id === item.id
              ? { ...entry, state: "waiting", waited: true, busy, answering }
              : entry));
          break;
        }
        answered = true;
      }
    } finally {
      sending = false;
      render();
      schedule();
      if (answered && !load().some((entry) => entry.state === "waiting")) keepPageCopy();
    }
  }

  // Post one write; return "offline" when no answer came (network gone, or nothing within
  // SEND_TIMEOUT_MS), "answering" for a 503 with Retry-After (its first sending is still
  // being answered: sent again after Retry-After, retryAfterMs), "busy" when the server
  // (or something on the way) answered without taking it (another 5xx, 429, 408, 425, a
  // page that is not the site's), else "done" once the answer is shown.
  async function send(item) {
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
    try {
      return await post(item, controller.signal);
    } finally {
      window.clearTimeout(timer);
    }
  }

  async function post(item, signal) {
    let response;
    try {
      response = await window.fetch(item.url, {
        method: "POST",
        signal,
        body: new URLSearchParams(item.body),
        credentials: "same-origin",
        cache: "no-store",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8",
          "HX-Request": "true",
          "HX-Current-URL": window.location.href,
          "Idempotency-Key": `"${item.key}"`,
          // This page has a blank new-deal form: the answer's board leaves it out and says
          // only what to number it (views/table/board.py KEEPS_FORM; showBoard keeps it).
          ...(keptForm() ? { "Belote-Keeps-Form": "1" } : {}),
          // The answer in the page's language, also when the service worker sends it on.
          "Accept-Language": document.documentElement.lang || navigator.language,
        },
      });
    } catch (error) {
      return "offline";
    }
    const wait = response.status === 503 ? retryAfter(response.headers.get("Retry-After")) : null;
    if (wait !== null) {
      retryAfterMs = wait;
      return "answering";
    }
    if (response.status >= 500 || RETRIED_STATUSES.has(response.status)) return "busy";
    const html = await response.text().catch(() => null);
    if (html === null) return "offline";
    const doc = new DOMParser().parseFromString(html, "text/html");
    const board = doc.getElementById("table-board");
    const slot = board && board.querySelector("#deal-form-kept");
    if (slot && !keptForm()) {
      // The form this phone had when it sent is gone meanwhile (a correction opened):
      // the form of the page as it stands now, in its place.
      const section = await freshForm(signal);
      if (!section) return "offline";
      slot.replaceWith(doc.importNode(section, true));
    }
    if (!board) {
      // A link revoked or a round closed meanwhile: the site's page says why (a 4xx, or
      // its refusal card). Anything else (a Wi-Fi login page, a proxy's) took nothing.
      const isSitePage = doc.querySelector(".table-refusal") !== null;
      if (!isSitePage && response.status < 400) return "busy";
      const why = doc.querySelector(".table-refusal h1, .table-refusal p, h1");
      const reason = why ? why.textContent.trim() : String(response.status);
      finish(item, "refused", `${notRecorded(item)} ${reason}`);
      if (response.headers.get("HX-Refresh") === "true") window.location.reload();
      return "done";
    }
    const notice = board.querySelector(".notice");
    const error = board.querySelector(".notice-error, .errorlist li");
    const isRefused = response.status >= 400 || error !== null;
    let reason = (isRefused ? error || notice : notice)?.textContent.trim() || "";
    // A new deal refused by a table that takes nothing more from this phone (stopped for
    // time, over, locked: the board's data-closed, views/table/board.py CLOSED_REFUSALS)
    // is not recorded: said first, as on a refusal page, its figures listed for the desk.
    if (isRefused && board.hasAttribute("data-closed") && isNewDealItem(item)) {
      reason = `${text("NotRecordedFigures")} ${reason}`;
    }
    // A new deal refused as already recorded (deal_exists: the same deal, from the other
    // phone; the board's data-recorded, views/table/board.py Notice.is_recorded) is
    // recorded: listed so, like a deal sent, and never offered back to the form.
    const isRecorded = isRefused && board.hasAttribute("data-recorded") && isNewDealItem(item);
    // A form sent back with its errors holds what was typed: the board says it all.
    const isFormError = board.querySelector("form .errorlist li") !== null;
    const isSaved = !isRefused && isNewDealUrl(item.url);
    showBoard(board, response.headers.get("HX-Push-Url"), isFormError, isSaved);
    const state = isRecorded ? "recorded" : isRefused ? "refused" : "sent";
    finish(item, state, reason, isFormError);
    return "done";
  }

  // Whether ``item`` is a new deal (figures typed, no version: not a correction).
  function isNewDealItem(item) {
    return Boolean(item.figures) && !item.body.some(([name]) => name === "version");
  }

  // What a write refused by a refusal page says first: it is not recorded, and for a deal,
  // that its figures (listed with it) go to the desk.
  function notRecorded(item) {
    return item.figures ? text("NotRecordedFigures") : text("NotRecorded");
  }

  // The milliseconds a Retry-After header asks for (RFC 9110 §10.2.3: seconds, or an
  // HTTP date), within RETRY_AFTER_MIN_MS and RETRY_AFTER_MAX_MS; null without one.
  function retryAfter(header) {
    const value = (header || "").trim();
    let ms = null;
    if (/^\d+$/.test(value)) {
      ms = Number.parseInt(value, 10) * 1000;
    } else if (value) {
      const date = Date.parse(value);
      if (Number.isFinite(date)) ms = date - Date.now();
    }
    if (ms === null) return null;
    return Math.min(RETRY_AFTER_MAX_MS, Math.max(RETRY_AFTER_MIN_MS, ms));
  }

  // Keep the outcome: a refusal (or a deal already recorded) stays listed until read; a write that had to wait is
  // listed as sent. One sent at once needs no line: the board's notice says so. A form
  // sent back with its errors is shown by the board, unless other writes wait behind it:
  // their answers will replace that board, so it stays listed as refused, to be put back
  // into the form.
  function finish(item, state, reason, isFormError = false) {
    const isBehind = load().some(
      (entry) => entry.id !== item.id && (entry.state === "waiting" || entry.state === "sending"),
    );
    if (state === "sent" || (isFormError && !isBehind)) {
      remove(item.id);
      // The right code typed at last: the wrong ones before it are no longer news.
      if (state === "sent" && (item.pin || isPinUrl(item.url))) dropOlderRefusals(item);
      if (item.waited) {
        recent.unshift({ label: item.label, text: reason, state });
        recent.splice(KEPT_SENT);
      }
    } else {
      update(item.id, { state, reason });
      if (isPinUrl(item.url)) dropOlderRefusals(item);
    }
    render();
  }

  // Wrong codes typed one after another: only the latest answer is listed (from the
  // sixth, « Too many wrong codes », never beside the « Wrong code » before it).
  function isPinUrl(url) {
    const form = document.querySelector("form.pin-form");
    return Boolean(form) &&
      new URL(url, window.location.href).pathname === new URL(form.action).pathname;
  }

  function dropOlderRefusals(item) {
    const path = new URL(item.url, window.location.href).pathname;
    save(load().filter((entry) => entry.id === item.id || entry.state !== "refused" ||
      new URL(entry.url, window.location.href).pathname !== path));
  }

  // The page's blank new-deal form as the server drew it (data-blank: not a correction,
  // not a deal sent back with its errors), whose section a board may keep.
  function keptForm() {
    const form = document.getElementById("deal-form");
    const isBlank = form && isNewDealForm(form) && form.hasAttribute("data-blank");
    return isBlank && form.closest("#saisie") ? form : null;
  }

  // The deal form's section of the team's page as the server shows it now (an empty
  // section when it has none: the match over); null without an answer.
  async function freshForm(signal) {
    try {
      const response = await window.fetch(window.location.href.split("#")[0], {
        signal,
        credentials: "same-origin",
        cache: "no-store",
        headers: { "Accept-Language": document.documentElement.lang || navigator.language },
      });
      if (!response.ok) return null;
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      if (!doc.getElementById("table-board")) return null;
      return doc.getElementById("saisie") || doc.createElement("section");
    } catch (error) {
      return null;
    }
  }

  // Put this page's blank form in the answer's place for it (#deal-form-kept), emptied
  // and numbered as the answer says: what a fresh form from the server would be, since
  // a blank form is the same for every deal of the match.
  function keepForm(fresh) {
    const slot = fresh.querySelector("#deal-form-kept");
    const form = slot && keptForm();
    if (!form) return;
    const section = form.closest("#saisie");
    form.reset();
    for (const output of form.querySelectorAll("output")) output.textContent = "";
    for (const details of form.querySelectorAll("details")) details.open = false;
    form.dataset.nextDeal = slot.dataset.nextDeal;
    form.dataset.dealsPlayed = slot.dataset.dealsPlayed;
    form.dataset.dealsInMatch = slot.dataset.dealsInMatch;
    section.hidden = false;
    slot.replaceWith(section);
    numberDeal(form, Number.parseInt(slot.dataset.nextDeal, 10));
  }

  // Put the server's board in place of the page's, keeping a deal being typed. After a
  // deal saved (``isSaved``), its blank form is marked emptied by that save (markEmptied).
  function showBoard(board, pushUrl, isFormError = false, isSaved = false) {
    const current = document.getElementById("table-board");
    if (!current) return;
    const fresh = document.importNode(board, true);
    changes += 1;
    keepForm(fresh);
    current.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    if (pushUrl && pushUrl !== "false") window.history.replaceState(null, "", pushUrl);
    if (isFormError) return; // the deal sent back as typed, under its own number
    const form = document.getElementById("deal-form");
    if (isSaved && form && form.hasAttribute("data-blank")) markEmptied(form);
    numberAfterWaiting();
    restoreDraft();
    unpauseIfEmptied();
  }

  // Keep the page as it shows now for a reload without network (the service worker
  // serves that copy): its deals, totals and next deal are then those sent. Once the
  // writes waiting are all answered; a failure keeps the older copy. The copy is this
  // page itself, the server's last board in it, with the headers the server sent it with
  // (its Content-Security-Policy among them): asking the server for the page again would
  // cost it more than the write did (views/table/board.py). The last answer's notice and
  // the outbox's lines stay out (the outbox is drawn again from its store on load).
  function keepPageCopy() {
    if (!window.caches) return;
    const page = document.getElementById("table-board") && window.location.href.split("#")[0];
    if (!page) return;
    const copy = document.documentElement.cloneNode(true);
    for (const notice of copy.querySelectorAll("#table-board > .notice-success, #table-board > .notice-error")) {
      notice.remove();
    }
    copy.querySelector(".outbox-list")?.replaceChildren();
    copy.querySelector("#refresh-paused")?.remove();
    const html = `<!DOCTYPE html>\n${copy.outerHTML}`;
    window.caches.open(PAGE_CACHE).then(async (cache) => {
      const kept = await cache.match(page, { ignoreVary: true });
      if (!kept) return; // no copy of the server's to take the headers from
      const headers = new Headers(kept.headers);
      headers.delete("Content-Length");
      headers.delete("Content-Encoding");
      await cache.put(page, new Response(html, { status: 200, headers }));
    }).catch(() => {});
  }

  // --- Submitting -----------------------------------------------------------------------

  function onSubmit(event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.closest(".table-page")) return;
    if ((form.getAttribute("method") || "get").toLowerCase() !== "post") return;
    event.preventDefault();
    event.stopPropagation(); // htmx does not send it too
    // A second (or third) tap on the form just emptied by a save: nothing typed, nothing
    // sent (it could only be refused as empty, and would take the next deal's number).
    if (isNewDealForm(form) && isStillEmptied(form)) return;
    const submitter = event.submitter || null;
    const data = new FormData(form, submitter);
    const body = Array.from(data.entries(), ([name, value]) => [name, String(value)]);
    const item = {
      id: newKey(),
      key: newKey(),
      url: form.action,
      body,
      label: labelOf(form, submitter),
      figures: figuresOf(form),
      pin: form.classList.contains("pin-form"), // its form is gone once all is confirmed
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
    changes += 1;
    unpauseIfEmptied();
    render();
    flush();
  }

  // A deal form's figures as the form words them, one "caption: value" after the other
  // (« Preneur : Équipe 3 · Atout : ♥ · Contrat : 90 · … »), kept with the write: a deal
  // refused where the phone cannot put it back in the form (a link revoked meanwhile)
  // still says what was typed. "" for any other form.
  function figuresOf(form) {
    if (form.id !== "deal-form") return "";
    // An element's words, its children's apart (« ♥ cœur », not « ♥cœur »).
    const words = (element) =>
      Array.from(element?.childNodes || [], (node) => node.textContent).join(" ").replace(/\s+/g, " ").trim();
    const labelFor = (element) => words(element.id && form.querySelector(`label[for="${element.id}"]`));
    const passed = form.querySelector("[name='is_passed']");
    if (passed && passed.checked) return labelFor(passed);
    // French puts a space before the colon, English none.
    const colon = (document.documentElement.lang || "").startsWith("fr") ? " : " : ": ";
    const parts = [];
    for (const element of form.elements) {
      if (!element.name || element.type === "hidden" || element.type === "submit") continue;
      if (element.closest(".field-is_passed")) continue;
      // The field's legend, and the side of a belote count (« Belote-rebelote Preneur »).
      const side = words(element.closest(".belote-count")?.querySelector(".side-label"));
      const caption = [words(element.closest("fieldset")?.querySelector("legend")), side]
        .filter(Boolean).join(" ");
      if (element.type === "radio") {
        if (element.checked) parts.push(`${caption}${colon}${labelFor(element)}`);
      } else if (element.type === "checkbox") {
        if (element.checked) parts.push(labelFor(element));
      } else if (element.tagName === "SELECT") {
        const option = element.selectedOptions[0];
        if (element.value !== "" && option) parts.push(`${labelFor(element)}${colon}${words(option)}`);
      } else if (element.value !== "") {
        parts.push(`${labelFor(element)}${colon}${element.value}`);
      }
    }
    return parts.join(" · ");
  }

  // Offline, the server cannot hand out the next deal's form: empty this one, numbered
  // one further. An answer from the server replaces it anyway.
  function makeNextDeal(form) {
    const number = form.querySelector("[name='deal_number']");
    if (!number) return;
    form.reset();
    numberDeal(form, Number.parseInt(number.value, 10) + 1);
    for (const output of form.querySelectorAll("output")) output.textContent = "";
    for (const details of form.querySelectorAll("details")) details.open = false;
    markEmptied(form);
    numberAfterWaiting();
  }

  // The fields of the new-deal form but its number (and the CSRF token), as one string.
  function fieldsOf(form) {
    const fields = Array.from(new FormData(form).entries(), ([name, value]) => [name, String(value)]);
    return JSON.stringify(fields.filter(([name]) => name !== "deal_number" && name !== "csrfmiddlewaretoken"));
  }

  // Remember that ``form`` (a blank new-deal form) was emptied by a save just now.
  function markEmptied(form) {
    if (form && isNewDealForm(form)) emptied.set(form, fieldsOf(form));
  }

  // Whether ``form`` still holds only what it held when a save emptied it.
  function isStillEmptied(form) {
    return emptied.has(form) && emptied.get(form) === fieldsOf(form);
  }

  function numberDeal(form, next) {
    form.querySelector("[name='deal_number']").value = String(next);
    // The form's own title: also while its section moves into a board not shown yet.
    const title = (form.closest("#saisie") || document).querySelector("#entry-title");
    if (title) title.textContent = title.textContent.replace(/\d+/, String(next));
  }

  // The new deals waiting on this phone for the form's partie: [{number, isPassed}].
  function waitingDeals(form) {
    const path = new URL(form.action).pathname;
    return load()
      .filter((item) => item.state === "waiting" || item.state === "sending")
      .filter((item) => new URL(item.url, window.location.href).pathname === path)
      .map((item) => ({
        number: Number.parseInt((item.body.find(([name]) => name === "deal_number") || [])[1], 10),
        isPassed: item.body.some(([name, value]) => name === "is_passed" && value !== ""),
      }))
      .filter((deal) => Number.isFinite(deal.number));
  }

  // A page opened without network (the service worker's copy), or a board answered while
  // other deals still wait, offers the deal after the last one the server had: number it
  // after the deals still waiting on this phone. When those complete the match, offer none.
  function numberAfterWaiting() {
    const form = document.getElementById("deal-form");
    const number = form && isNewDealForm(form) && form.querySelector("[name='deal_number']");
    if (!number) return;
    const waiting = waitingDeals(form);
    const serverNext = Number.parseInt(form.dataset.nextDeal || "", 10);
    if (Number.isFinite(serverNext)) {
      // The server's next deal, then one further for each deal waiting here that follows
      // it: a deal waiting under another number (refused to come) moves nothing.
      const numbers = new Set(waiting.map((deal) => deal.number));
      let next = serverNext;
      while (numbers.has(next)) next += 1;
      if (String(next) !== number.value) numberDeal(form, next);
    } else {
      const last = Math.max(0, ...waiting.map((deal) => deal.number));
      if (last >= Number.parseInt(number.value, 10)) numberDeal(form, last + 1);
    }
    showIfComplete(form, waiting);
  }

  // The form's data-deals-in-match (deals that count in the match; empty for a match
  // played to a target score), data-deals-played (those the server counted when it drew
  // the form) and data-next-deal (the number it offered): with the deals waiting here,
  // is the match complete? If so, hide the form and say so, until the server answers.
  function showIfComplete(form, waiting) {
    const inMatch = Number.parseInt(form.dataset.dealsInMatch || "", 10);
    const played = Number.parseInt(form.dataset.dealsPlayed || "", 10);
    const serverNext = Number.parseInt(form.dataset.nextDeal || "", 10);
    if (![inMatch, played, serverNext].every(Number.isFinite)) return;
    const counted = waiting.filter((deal) => deal.number >= serverNext && !deal.isPassed).length;
    const section = form.closest("#saisie") || form;
    const isComplete = played + counted >= inMatch;
    section.hidden = isComplete;
    let note = document.getElementById("match-complete-here");
    if (isComplete && !note) {
      note = document.createElement("p");
      note.id = "match-complete-here";
      note.className = "notice";
      note.setAttribute("role", "status");
      note.textContent = text("Complete");
      section.before(note);
    } else if (!isComplete && note) {
      note.remove();
    }
  }

  // « Put it back in the form »: the refused deal, under its own number, with its figures,
  // to be checked against the deal list and sent again (or put away). A number past the
  // one the form offers (the server's next deal, after those waiting here) is no deal's
  // yet: the figures go under the number offered, never under one refused as not next.
  function refillRefused(item) {
    const form = document.getElementById("deal-form");
    if (!form || !isNewDealForm(form)) return;
    const drafted = Number.parseInt((item.body.find(([name]) => name === "deal_number") || [])[1], 10);
    const offered = Number.parseInt(form.querySelector("[name='deal_number']").value, 10);
    const section = form.closest("#saisie") || form;
    section.hidden = false;
    document.getElementById("match-complete-here")?.remove();
    if (Number.isFinite(drafted) && !(drafted > offered)) numberDeal(form, drafted);
    fillDealForm(item.body.filter(([name]) => name !== "deal_number"));
  }

  // --- The deal being typed -------------------------------------------------------------

  function saveDraft(event) {
    const form = event.target.form || event.target.closest?.("form");
    if (!form || !isNewDealForm(form)) return;
    unpauseIfEmptied();
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
    // A box holding a value put back (the declarations) is shown open, as the server
    // draws a form with declarations entered.
    for (const details of form.querySelectorAll("details")) {
      if (Array.from(details.querySelectorAll("select")).some((select) => select.value !== "")) {
        details.open = true;
      }
    }
    // The live preview (htmx, online only) follows the restored values.
    form.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // --- Asking for the board again -------------------------------------------------------

  // Someone is typing: a field of the page has the focus.
  function isTyping() {
    const active = document.activeElement;
    return Boolean(active && active.matches("input, textarea, select, [contenteditable]"));
  }

  // Whether the board shows what a new board would lose: a correction or a deal sent back
  // with its errors (no blank form), something typed in the new-deal form (its fields
  // differ from the form as drawn), an open dispute, a code typed.
  function holdsInput(board) {
    const form = document.getElementById("deal-form");
    if (form && !keptForm()) return true;
    if (form && isTypedIn(form)) return true;
    if (board.querySelector("details.dispute[open]")) return true;
    return Array.from(board.querySelectorAll("textarea, input:not([type]), input[type='text'], input[type='password'], input[type='number']"))
      .some((field) => !field.closest("#deal-form") && field.value !== "");
  }

  function isTypedIn(form) {
    const drawn = form.cloneNode(true);
    drawn.reset();
    return fieldsOf(form) !== fieldsOf(drawn);
  }

  // Whether the page's blank new-deal form holds something typed (not merely focused).
  function isDealTyped() {
    const form = keptForm();
    return Boolean(form) && isTypedIn(form);
  }

  // Say, above the board, that its refresh waits for the deal being typed (``isPaused``),
  // or take that note away: a poll held back by a form left half filled is never silent.
  function showPaused(isPaused) {
    let note = document.getElementById("refresh-paused");
    if (isPaused && !note) {
      const board = document.getElementById("table-board");
      if (!board) return;
      note = document.createElement("p");
      note.id = "refresh-paused";
      note.className = "notice";
      note.setAttribute("role", "status");
      note.textContent = text("Paused");
      board.before(note);
    } else if (!isPaused && note) {
      note.remove();
    }
  }

  // The form emptied (sent, cleared by hand, replaced by the server's): the note goes.
  function unpauseIfEmptied() {
    if (!isDealTyped()) showPaused(false);
  }

  // The new-deal form typed in, changed or left (input, change, focusout): the note comes
  // or goes at once, by the poll's own rule (isDealTyped, only where the board is polled),
  // not at the next poll up to a period later.
  function notePaused(event) {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest("#deal-form")) return;
    const board = document.getElementById("table-board");
    if (!board || !isPolled(board)) return;
    showPaused(isDealTyped());
  }

  // Whether the page asks for ``board`` now: it has a board URL and a refresh period,
  // the page is shown and the phone online.
  function isPolled(board) {
    const seconds = Number.parseFloat(board.dataset.refreshSeconds || "");
    return Boolean(board.dataset.boardUrl) && Number.isFinite(seconds) && seconds > 0 &&
      document.visibilityState === "visible" && navigator.onLine;
  }

  function isQueued() {
    return load().some((item) => item.state === "waiting" || item.state === "sending");
  }

  function isPollHeld(board) {
    return sending || polling || isQueued() || isTyping() || holdsInput(board);
  }

  // Ask for the board; put it in place when it changed (200), keep it on a 304. No
  // answer (no network, a dropped Wi-Fi, a timeout) says nothing: the board stays.
  async function poll() {
    const board = document.getElementById("table-board");
    if (!board || !isPolled(board)) return;
    showPaused(isDealTyped());
    if (isPollHeld(board)) return;
    polling = true;
    const started = changes;
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
    try {
      const response = await window.fetch(board.dataset.boardUrl, {
        signal: controller.signal,
        credentials: "same-origin",
        cache: "no-store",
        headers: {
          "HX-Request": "true",
          "If-None-Match": board.dataset.boardTag || "",
          ...(keptForm() ? { "Belote-Keeps-Form": "1" } : {}),
          "Accept-Language": document.documentElement.lang || navigator.language,
        },
      });
      if (changes !== started || response.status === 304) return;
      if (response.headers.get("HX-Refresh") === "true") {
        // A link revoked or a round no longer played: the page says so.
        window.location.reload();
        return;
      }
      if (!response.ok) return;
      const html = await response.text();
      const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("table-board");
      const current = document.getElementById("table-board");
      // A write went meanwhile (its answer is the newer board), or typing started.
      if (!fresh || !current || changes !== started || sending || isQueued()) return;
      if (isTyping() || holdsInput(current)) {
        showPaused(isDealTyped());
        return;
      }
      if (fresh.querySelector("#deal-form-kept") && !keptForm()) return;
      showBoard(fresh, null);
      render();
      keepPageCopy();
    } catch (error) {
      // No answer: nothing to say, the board stays as it is.
    } finally {
      window.clearTimeout(timer);
      polling = false;
    }
  }

  function schedulePoll() {
    window.clearTimeout(pollTimer);
    const board = document.getElementById("table-board");
    const seconds = Number.parseFloat(board?.dataset.refreshSeconds || "");
    if (!Number.isFinite(seconds) || seconds <= 0) return;
    pollTimer = window.setTimeout(async () => {
      await poll();
      schedulePoll();
    }, seconds * 1000);
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

  // The page of a revoked link: what this phone kept for it is listed, never sent (it
  // could only be refused), each with why and, for a deal, its figures for the desk.
  function startRevoked() {
    const reason = outbox.closest(".table-refusal")?.querySelector("h1");
    save(load().map((item) =>
      item.state === "waiting" || item.state === "sending"
        ? { ...item, state: "refused", reason: `${notRecorded(item)} ${reason ? reason.textContent.trim() : ""}`.trim() }
        : item));
    render();
  }

  function start() {
    outbox = document.querySelector("[data-offline-queue]");
    if (!outbox) return;
    token = outbox.dataset.offlineQueue;
    if (outbox.hasAttribute("data-revoked")) {
      startRevoked();
      return;
    }
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
    document.addEventListener("input", notePaused);
    document.addEventListener("change", notePaused);
    document.addEventListener("focusout", notePaused);
    window.addEventListener("online", () => { render(); flush(); });
    window.addEventListener("offline", render);
    window.addEventListener("pageshow", () => { render(); flush(); });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible") return;
      flush();
      poll().then(schedulePoll);
    });
    numberAfterWaiting();
    restoreDraft();
    render();
    flush();
    keepForOffline();
    schedulePoll();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
