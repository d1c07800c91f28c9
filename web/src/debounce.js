// Calls `fn` once typing (or dragging) has paused for `ms` milliseconds, with the last arguments,
// so that every keystroke does not recompute and redraw a view.
export function debounce(fn, ms) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
