// A new concours « À la mêlée » offers no head-to-head tie-break (RULES.md §H: partners
// change at every partie): ticking the box disables that choice, and clears it where it
// was chosen (the default third tie-break). Without this script the form says so when
// sent. A static file, not inline script, so a Content-Security-Policy stays possible.
(() => {
  const melee = document.getElementById("id_melee");
  if (!melee) {
    return;
  }
  const options = document.querySelectorAll(
    'select[name^="tie_break_"] option[value="head_to_head"]'
  );
  const update = () => {
    for (const option of options) {
      option.disabled = melee.checked;
      if (melee.checked && option.selected) {
        option.parentElement.value = "";
      }
    }
  };
  melee.addEventListener("change", update);
  update();
})();
