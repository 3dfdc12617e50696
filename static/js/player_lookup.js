// The team form's type-ahead (forms/setup.py TeamForm): htmx puts the registry's players
// matching a typed name under it (views/players.py player_lookup); a click on one fills the
// name, its licence number and the hidden record id. Typing the name again forgets the
// record, so a changed name is matched again on save. A static file, not inline script,
// so the Content-Security-Policy stays strict.
document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest(".player-pick") : null;
  if (!button || !button.form) {
    return;
  }
  const form = button.form;
  const field = button.dataset.field;
  form.elements[field].value = button.dataset.name;
  form.elements[`${field}_record`].value = button.dataset.player;
  form.elements[`${field}_licence`].value = button.dataset.licence;
  button.closest(".player-suggestions").remove();
  form.elements[`${field}_licence`].focus();
});

document.addEventListener("input", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || !input.hasAttribute("data-player-lookup")) {
    return;
  }
  const record = input.form && input.form.elements[`${input.name}_record`];
  if (record) {
    record.value = "";
  }
});
