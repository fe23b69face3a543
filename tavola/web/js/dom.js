// Small helpers to build the page, shared by the shell and by the games' table modules.

/** A new element with a class and a text. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A button; `step` marks it as a choice (`data-step`) for the focus and the tests. */
export function button(label, onClick, className = "", step = "") {
  const node = el("button", className, label);
  node.type = "button";
  if (step) node.dataset.step = step;
  node.addEventListener("click", onClick);
  return node;
}
