// Ask before a form that cannot be undone is sent: <form data-confirm="Question ?">.
// A static file, not inline script, so a Content-Security-Policy stays possible.
document.addEventListener("submit", (event) => {
  const question = event.target.dataset ? event.target.dataset.confirm : undefined;
  if (question && !window.confirm(question)) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}, true);
