// Keys for the search page and the argument pages (the footer lists them):
// "/" focuses the search box; j/k or the down/up arrows move through the
// current column's results, h/l or left/right switch to the pro/con column;
// Enter opens the focused result (a link); Escape or Backspace go back from
// an argument to its results; n/p open the next/previous results page.
document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("q");
  const columns = Array.from(document.querySelectorAll(".column")).map((c) => Array.from(c.querySelectorAll(".result a.open")));
  let col = columns.findIndex((c) => c.length > 0);
  // Back from an argument: its result has the focus again (once the
  // browser has gone to the fragment, which would take the focus away).
  if (location.hash.startsWith("#a-")) {
    const li = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    const a = li && li.querySelector("a.open");
    if (a) {
      col = columns.findIndex((c) => c.includes(a));
      window.addEventListener("load", () => a.focus());
    }
  }
  const focused = () => (col < 0 ? -1 : columns[col].indexOf(document.activeElement));
  const move = (d) => {
    if (col < 0) return false;
    const c = columns[col], i = focused();
    const j = i < 0 ? (d > 0 ? 0 : c.length - 1) : Math.min(c.length - 1, Math.max(0, i + d));
    c[j].focus();
    c[j].scrollIntoView({ block: "nearest" });
    return true;
  };
  const switchTo = (k) => {
    if (!columns[k] || columns[k].length === 0) return false;
    const i = Math.max(0, focused());
    col = k;
    const c = columns[k], a = c[Math.min(i, c.length - 1)];
    a.focus();
    a.scrollIntoView({ block: "nearest" });
    return true;
  };
  const go = (id) => {
    const a = document.getElementById(id);
    if (!a) return false;
    location.href = a.href;
    return true;
  };
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target === box) {
      if (e.key === "Escape") { box.blur(); e.preventDefault(); }
      return;
    }
    if (e.target.matches("input, textarea, select")) return;
    let done = false;
    switch (e.key) {
      case "/": box.focus(); box.select(); done = true; break;
      case "j": case "ArrowDown": done = move(1); break;
      case "k": case "ArrowUp": done = move(-1); break;
      case "h": case "ArrowLeft": done = switchTo(0); break;
      case "l": case "ArrowRight": done = switchTo(1); break;
      case "n": done = go("next"); break;
      case "p": done = go("prev"); break;
      case "Escape": case "Backspace": done = go("back"); break;
    }
    if (done) e.preventDefault();
  });
});
