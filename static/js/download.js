// Say a download is being prepared: a PDF of 75 score sheets takes seconds to make, and a
// link that does nothing meanwhile looks frozen and gets clicked again.
//
// A link to a file the site makes (.pdf, .xlsx or .csv, or any <a data-download>) is
// fetched here instead of followed: until the answer arrives it reads the text given by
// this script's data-preparing attribute (« Préparation du fichier… », base.html), is
// marked aria-disabled and aria-busy, and a second click does nothing. The file is then
// saved under the name the server gives (Content-Disposition). An answer that is no file
// (a login page, a 404) or no answer at all: the browser follows the link as usual.
// A static file, not inline script, so the Content-Security-Policy stays strict.
(() => {
  const script = document.currentScript;
  const preparing = (script && script.dataset.preparing) || "…";
  const FILES = /\.(pdf|xlsx|csv)$/i;

  function isFileLink(link) {
    if (link.hasAttribute("data-download")) return true;
    const url = new URL(link.href, document.baseURI);
    return url.origin === window.location.origin && FILES.test(url.pathname);
  }

  function filenameOf(disposition) {
    const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
    if (encoded) return decodeURIComponent(encoded[1]);
    const plain = /filename="?([^";]+)"?/i.exec(disposition);
    return plain ? plain[1] : "";
  }

  function save(blob, filename) {
    const url = URL.createObjectURL(blob);
    const anchor = document.createElement("a");
    anchor.href = url;
    anchor.download = filename;
    anchor.hidden = true;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }

  function busy(link) {
    const label = link.textContent;
    link.dataset.downloadLabel = label;
    link.textContent = preparing;
    link.setAttribute("aria-disabled", "true");
    link.setAttribute("aria-busy", "true");
    link.classList.add("is-preparing");
    return () => {
      link.textContent = label;
      delete link.dataset.downloadLabel;
      link.removeAttribute("aria-disabled");
      link.removeAttribute("aria-busy");
      link.classList.remove("is-preparing");
    };
  }

  async function download(link) {
    const done = busy(link);
    try {
      const response = await fetch(link.href, { credentials: "same-origin" });
      const disposition = response.headers.get("Content-Disposition") || "";
      if (!response.ok || !/attachment/i.test(disposition)) {
        window.location.assign(link.href);
        return;
      }
      save(await response.blob(), filenameOf(disposition));
    } catch (error) {
      window.location.assign(link.href);
    } finally {
      done();
    }
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest ? event.target.closest("a[href]") : null;
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (!window.fetch || !isFileLink(link)) return;
    event.preventDefault();
    if (link.getAttribute("aria-busy") === "true") return;
    download(link);
  });
})();
