// The desk's grid of a paper sheet (tournaments/paper_sheet.html): the keyboard only.
//
// Each row (a <tbody data-deal>) is one htmx form. A column with data-keys takes one key:
// the key fills it and the cursor moves to the next column (data-pass-key: a passed deal,
// saved at once); a key it does not take is ignored. In a column with data-digits, the
// unshifted digit row of a French keyboard (& é " ' ( - è _ ç à) types 1 to 0. Tab moves as usual. Enter saves the row (the htmx event "sheet-save")
// and moves to the next row at once, so typing goes on while the row saves; the answer
// replaces that row only, and a refused row brings the cursor back (autofocus). Nothing
// is checked or scored here: the server and its engine do that.
// A static file, not inline script, so a Content-Security-Policy stays possible.
(function () {
  "use strict";

  function rowOf(element) {
    return element.closest("tbody[data-deal]");
  }

  function cellsOf(row) {
    return Array.from(row.querySelectorAll("input[data-column]"));
  }

  function nextRow(row) {
    let next = row.nextElementSibling;
    while (next && !next.matches("tbody[data-deal]")) {
      next = next.nextElementSibling;
    }
    return next;
  }

  function focusCell(cell) {
    if (cell) {
      cell.focus();
      cell.select();
    }
  }

  function focusNextCell(cell) {
    const cells = cellsOf(rowOf(cell));
    focusCell(cells[cells.indexOf(cell) + 1]);
  }

  // A row's save replaces the whole row when its answer comes. htmx drops a queued
  // request whose element has left the page without sending the next one, so a request
  // for a row asked after its save (a preview whose delay ends while the save is under
  // way, a second Enter) would hold back every save queued behind it, for good. The row
  // is marked while its save is under way, and such requests are not asked for: the
  // save's answer shows the row as recorded.
  function save(row) {
    const next = nextRow(row);
    if (!row.dataset.saving) {
      row.dataset.saving = "true";
      htmx.trigger(row, "sheet-save");
    }
    if (next) {
      focusCell(cellsOf(next)[0]);
    }
  }

  // A French (AZERTY) keyboard types these on its digit row without Shift: in a column
  // of digits they count as the digits printed on the same keys, so the volunteer need
  // not hold Shift (or Caps Lock) for every number.
  const AZERTY_DIGITS = {
    "&": "1",
    "é": "2",
    '"': "3",
    "'": "4",
    "(": "5",
    "-": "6",
    "è": "7",
    "_": "8",
    "ç": "9",
    "à": "0",
  };

  // The digit a key of the digit row stands for, or undefined. event.code says which key
  // was pressed whatever the layout: a QWERTY keyboard's own minus ("Minus") or quote
  // stays what it is; a key with no code (a test's, some remote keyboards) is taken by
  // its character.
  function azertyDigit(event) {
    const digit = AZERTY_DIGITS[event.key];
    if (digit === undefined || event.shiftKey) {
      return undefined;
    }
    return !event.code || event.code.startsWith("Digit") ? digit : undefined;
  }

  function isCell(element) {
    return element instanceof HTMLInputElement && Boolean(element.dataset.column) && !element.readOnly;
  }

  // A one-key column takes only its own keys: any other is ignored, not written.
  function pick(cell, key) {
    const keys = cell.dataset.keys;
    if (key.length !== 1 || !keys.includes(key)) {
      return;
    }
    cell.value = key;
    cell.dispatchEvent(new Event("input", { bubbles: true }));
    if (key === cell.dataset.passKey) {
      save(rowOf(cell));
    } else {
      focusNextCell(cell);
    }
  }

  function insert(cell, text) {
    cell.setRangeText(text, cell.selectionStart, cell.selectionEnd, "end");
    cell.dispatchEvent(new Event("input", { bubbles: true }));
  }

  document.addEventListener("keydown", function (event) {
    const cell = event.target;
    if (!isCell(cell)) {
      return;
    }
    if (event.key === "Enter") {
      event.preventDefault();
      save(rowOf(cell));
      return;
    }
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    const digit = azertyDigit(event);
    if (cell.dataset.keys) {
      event.preventDefault();
      pick(cell, digit || event.key.toUpperCase());
    } else if (digit && "digits" in cell.dataset) {
      event.preventDefault();
      insert(cell, digit);
    }
  });

  // A phone's keyboard may send no key at all (Android: "Unidentified") and write the
  // text straight away: a one-key column then reads it here, with the same rule.
  document.addEventListener("beforeinput", function (event) {
    const cell = event.target;
    if (!isCell(cell) || !cell.dataset.keys || event.inputType !== "insertText" || !event.data) {
      return;
    }
    event.preventDefault();
    pick(cell, event.data.slice(-1).toUpperCase());
  });

  // The server adds rows at the end when the sheet has no room left (after a pass): it
  // is told how many the page has when the save leaves, which may be after earlier saves.
  document.addEventListener("htmx:configRequest", function (event) {
    const row = event.detail.elt;
    if (row instanceof HTMLElement && row.matches("tbody[data-deal]")) {
      event.detail.parameters.sheet_rows = String(
        row.parentElement.querySelectorAll("tbody[data-deal]").length
      );
    }
  });

  document.addEventListener("htmx:confirm", function (event) {
    const elt = event.detail.elt;
    const row = elt instanceof HTMLElement ? rowOf(elt) : null;
    if (row && row !== elt && row.dataset.saving) {
      event.preventDefault();
    }
  });

  // A save that brought no row back (the network, a server error) leaves the row as it
  // was: Enter may save it again.
  document.addEventListener("htmx:afterRequest", function (event) {
    const row = event.detail.elt;
    if (row instanceof HTMLElement && row.matches("tbody[data-deal]")) {
      delete row.dataset.saving;
    }
  });

  // A cell reached by Tab or by the script is selected whole: typing replaces it.
  document.addEventListener("focusin", function (event) {
    const cell = event.target;
    if (cell instanceof HTMLInputElement && cell.dataset.column) {
      cell.select();
    }
  });
})();
