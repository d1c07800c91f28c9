// Sections off the screen are redrawn after the visible ones are painted, a few sections per task,
// so an edit shows in the next frame however long the chapter is. A section that scrolls into
// view with a redraw still waiting is drawn at once; a newer redraw of a section replaces the
// waiting one (a stale drawing is never made). The page counts a render as finished
// (body[data-renders], main.js) once no section is waiting.

const waiting = new Map(); // section element → its latest draw
const onScreen = new WeakMap(); // section element → last seen intersecting (unset: not known yet)
const watched = new Set(); // the sections the observer watches
const settledCallbacks = [];
let observer = null;
let scheduled = false;

/**
 * Draws `draw` into `section` now if the section is (or may be) on screen, else after this frame.
 * @param {Element} section  a container kept from render to render
 * @param {() => void} draw
 */
export function drawSection(section, draw) {
  watch(section);
  if (onScreen.get(section) !== false || typeof IntersectionObserver === 'undefined') {
    waiting.delete(section);
    run(section, draw);
    return;
  }
  waiting.set(section, draw);
  section.dataset.section = 'waiting';
  schedule();
}

// Work outside the sections that a render also waits for: answers computed in a worker
// (core/core-jobs.js, which main.js hands holdRenders). Each hold is released once, after its answer is drawn.
let holds = 0;

/** Holds the page's "every section drawn" signal until the returned function is called. */
export function holdRenders() {
  holds += 1;
  const body = globalThis.document?.body;
  if (body) body.dataset.computing = 'true';
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (!holds && body) delete body.dataset.computing;
    settleIfDone();
  };
}

/** Calls `callback` once no section is waiting (at once if none is). */
export function whenSectionsDrawn(callback) {
  if (!waiting.size && !holds) callback();
  else settledCallbacks.push(callback);
}

function run(section, draw) {
  try {
    draw();
  } finally {
    section.dataset.section = 'drawn';
  }
}

function watch(section) {
  if (typeof IntersectionObserver === 'undefined') return;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      onScreen.set(entry.target, entry.isIntersecting);
      entry.target.dataset.onScreen = String(entry.isIntersecting); // for tests to wait on
      const draw = entry.isIntersecting && waiting.get(entry.target);
      if (draw) {
        waiting.delete(entry.target);
        if (entry.target.isConnected) run(entry.target, draw);
        settleIfDone();
      }
    }
  }, { rootMargin: '200px 0px' });
  // Sections of a view that was replaced are let go: an observer keeps what it observes alive,
  // and a chapter's sections hold all its figures (the soak test counts detached nodes).
  for (const old of watched) {
    if (!old.isConnected) {
      observer.unobserve(old);
      watched.delete(old);
      onScreen.delete(old);
    }
  }
  if (!onScreen.has(section)) {
    onScreen.set(section, undefined);
    watched.add(section);
    observer.observe(section);
  }
}

// The waiting sections are drawn after the next frame is painted (so the visible part of the edit
// shows first), when the browser is idle: a key typed meanwhile is handled first, and the waiting
// map keeps only each section's newest drawing. A few at a time, so a key is never held up long.
// (Without requestIdleCallback, a task of its own stands in.)
const nextTask = new MessageChannel();
nextTask.port1.onmessage = () => drawOneWaiting(null);
const IDLE_TIMEOUT_MS = 50; // drawn by then even if the browser never idles (typing without pause)

function whenIdle() {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(drawOneWaiting, { timeout: IDLE_TIMEOUT_MS });
  else nextTask.port2.postMessage(null);
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  // a hidden page gets no frames: the timer stands in for them
  const timer = setTimeout(whenIdle, 200);
  requestAnimationFrame(() => { clearTimeout(timer); whenIdle(); });
}

// Sections are drawn a few at a time: as many as fit in TASK_BUDGET_MS (at least one). One task
// per section made the browser lay the page out once per section (each section's tables are fitted
// to their box at the end of its task, components/data-table.js); a batch is laid out once.
const TASK_BUDGET_MS = 8;
const IDLE_BUDGET_MS = 16; // of an idle period (up to 50 ms): no new section is started after it

function drawOneWaiting(deadline) {
  scheduled = false;
  const started = performance.now();
  // an idle period says how long it has left; a task (or an idle callback that timed out): the budget
  const budget = deadline && !deadline.didTimeout ? Math.min(deadline.timeRemaining(), IDLE_BUDGET_MS) : TASK_BUDGET_MS;
  do {
    const [section, draw] = waiting.entries().next().value ?? [];
    if (!section) break;
    waiting.delete(section);
    if (section.isConnected) run(section, draw);
  } while (waiting.size && performance.now() - started < budget);
  if (waiting.size) {
    scheduled = true;
    whenIdle();
  }
  settleIfDone();
}

function settleIfDone() {
  if (waiting.size || holds) return;
  for (const callback of settledCallbacks.splice(0)) callback();
}

// A printout has no scrolling: every waiting section is drawn first.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => {
    for (const [section, draw] of waiting) if (section.isConnected) run(section, draw);
    waiting.clear();
    settleIfDone();
  });
}
