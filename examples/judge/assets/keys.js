// Keys for the judging page: labels by number, the rest by letter.
document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("judgment");
  if (!form) return;
  const sets = Array.from(form.querySelectorAll("fieldset"));
  let dim = 0;
  const mark = () => sets.forEach((f, i) => f.classList.toggle("current", i === dim));
  mark();
  const go = (id) => { const a = document.getElementById(id); if (a) location.href = a.href; };
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.matches("input[type=text]")) {
      if (e.key === "Escape") e.target.blur();
      return;
    }
    let value = null;
    if (e.key === "0" || e.key === "1" || e.key === "2") value = e.key;
    else if ((e.key === "s" || e.key === "-") && dim === 0) value = "-2";
    if (value !== null && dim < sets.length) {
      const r = sets[dim].querySelector(`input[value="${value}"]`);
      if (r) { r.checked = true; dim++; mark(); }
      if (dim === sets.length) form.requestSubmit();
    } else if (e.key === "Enter") form.requestSubmit();
    else if (e.key === "Backspace") { dim = Math.max(0, dim - 1); mark(); }
    else if (e.key === "n" || e.key === "ArrowRight") go("next");
    else if (e.key === "p" || e.key === "ArrowLeft") go("prev");
    else if (e.key === "c") go("neighbours");
    else return;
    e.preventDefault();
  });
});
