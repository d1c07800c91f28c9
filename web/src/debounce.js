// Calls `fn` once calls have paused for `ms` milliseconds, with the last arguments: used for
// resizing (components/watch-width.js). Typing is not delayed: main.js draws it once per frame.
export function debounce(fn, ms) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
