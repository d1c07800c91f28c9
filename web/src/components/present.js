// Present mode (?present=1, issue 15): the page as slides for teaching live, readable when a
// screen is shared at 1280×720. Large type, one stage of the chapter per screen, and the keys a
// presenter has: → / ← and a clicker's PageDown / PageUp move through the stages, Home / End jump.
// The sentence stays at the top and stays editable; every stage redraws as it is typed.
//
// A stage is a leaf of the view's own structure: a `section.stage`, or a `[data-stage]` part of
// one (qkv splits its long sections that way), that holds no other stage: a chapter declares its
// stages by marking them so. The views draw as they always do; after each drawing (main.js calls
// update() after each render and each drawing outside one) this hides whatever is not the
// current stage, the path to it, or the sentence. A stage with a stepper (the flow) is stepped through before the next stage.

const STAGE_SELECTOR = 'section.stage, [data-stage]';
const FIELD_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * @param {HTMLElement} app  the mounted view's container
 * @param {{stage: number, onStage: (stage: number) => void, exitLink: () => string,
 *          chapters: {id: string, title: string, chapter: number}[], chapter: () => string,
 *          onChapter: (id: string) => void}} spec
 *   stage    the 1-based stage to open on (from the link)
 *   onStage  called with the 1-based stage when the presenter moves (kept in the link)
 *   exitLink the same state without present mode
 *   chapters, chapter, onChapter  the chapter picker in the bar (the page's header is hidden)
 * @returns {{update(): void, go(delta: number): void, restart(): void}}
 */
export function startPresent(app, { stage = 1, onStage, exitLink, chapters, chapter, onChapter }) {
  document.documentElement.classList.add('present');
  let index = stage - 1;
  let stages = [];
  const bar = buildBar({ onPrev: () => move(-1), onNext: () => move(1), exitLink, chapters, chapter, onChapter });
  document.body.append(bar.root);

  function update() {
    stages = leafStages(app);
    if (!stages.length) {
      bar.label(0, 0, '');
      return;
    }
    index = Math.max(0, Math.min(index, stages.length - 1));
    showOnly(app, stages[index]);
    bar.label(index, stages.length, stageTitle(stages[index]));
    document.body.dataset.presentStage = String(index + 1);
  }

  /** One step forward or back: inside the stage's stepper first, then to the next stage. */
  function move(delta) {
    const current = stages[index];
    const button = current?.querySelector(delta > 0 ? '.step-next' : '.step-prev');
    if (button && button.getAttribute('aria-disabled') !== 'true') {
      button.click();
      return;
    }
    jump(index + delta);
  }

  function jump(to) {
    if (!stages.length) return;
    const next = Math.max(0, Math.min(to, stages.length - 1));
    if (next === index) return;
    index = next;
    update();
    onStage(index + 1);
    window.scrollTo(0, 0);
    // the focus follows the stage unless the presenter is typing in the sentence
    if (!isField(document.activeElement)) focusStage(stages[index]);
  }

  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const typing = isField(event.target);
    // In a field the arrows and Home/End edit the text; a clicker's PageUp/PageDown still move,
    // and Escape leaves the field so the arrows move again.
    if (typing && event.key === 'Escape') {
      event.target.blur();
      return;
    }
    const keys = {
      PageDown: () => move(1),
      PageUp: () => move(-1),
      ArrowRight: () => move(1),
      ArrowLeft: () => move(-1),
      Home: () => jump(0),
      End: () => jump(stages.length - 1),
    };
    const action = keys[event.key];
    if (!action || (typing && !event.key.startsWith('Page'))) return;
    event.preventDefault();
    action();
  });

  return {
    update,
    go: move,
    /** A new chapter opens on its first stage. */
    restart() {
      index = 0;
    },
  };
}

/** The view's stages in page order: the elements matching STAGE_SELECTOR that hold no other. */
function leafStages(app) {
  const view = app.querySelector('.view');
  if (!view) return [];
  const candidates = [...view.querySelectorAll(STAGE_SELECTOR)];
  return candidates.filter((el) => !el.querySelector(STAGE_SELECTOR) && !el.closest('.present-bar'));
}

/**
 * Hides every block that is not the current stage, inside it, or on the way to it. Blocks beside
 * the path that hold no stage stay (a section's heading over its parts) except at the view's top
 * level, where only the sentence form and the messages stay.
 */
function showOnly(app, current) {
  for (const off of app.querySelectorAll('.present-off')) off.classList.remove('present-off');
  const view = app.querySelector('.view');
  let node = current;
  while (node && node !== view && node.parentElement) {
    const parent = node.parentElement;
    for (const sibling of parent.children) {
      if (sibling === node) continue;
      const holdsStage = sibling.matches(STAGE_SELECTOR) || sibling.querySelector(STAGE_SELECTOR);
      const topLevelExtra = parent === view && !sibling.matches('h2, form.controls, .status-slot');
      if (holdsStage || topLevelExtra) sibling.classList.add('present-off');
    }
    node = parent;
  }
}

function stageTitle(stage) {
  if (stage.dataset.stage) return stage.dataset.stage;
  const labelled = stage.getAttribute('aria-labelledby');
  const heading = (labelled && document.getElementById(labelled)) || stage.querySelector('h2, h3, h4');
  return heading ? heading.textContent.trim() : '';
}

function focusStage(stage) {
  if (!stage.hasAttribute('tabindex')) stage.setAttribute('tabindex', '-1');
  stage.focus({ preventScroll: true });
}

function isField(el) {
  return Boolean(el && (FIELD_TAGS.has(el.tagName) || el.isContentEditable));
}

/** The bar at the foot of the screen: Previous, where we are, Next, and the way out. */
function buildBar({ onPrev, onNext, exitLink, chapters, chapter, onChapter }) {
  const root = document.createElement('nav');
  root.className = 'present-bar';
  root.setAttribute('aria-label', 'Present mode');
  const prev = button('← Previous', onPrev, 'present-prev');
  const where = document.createElement('span');
  where.className = 'present-where';
  where.setAttribute('aria-live', 'polite');
  const next = button('Next →', onNext, 'present-next');
  const keys = document.createElement('span');
  keys.className = 'present-keys';
  keys.textContent = 'Keys: ← → PgUp PgDn';
  keys.title = 'Arrow keys and a clicker move; in the sentence field only PageUp/PageDown do, and Esc leaves the field.';
  const exit = document.createElement('a');
  exit.className = 'present-exit';
  exit.textContent = 'Leave present mode';
  const picker = document.createElement('select');
  picker.setAttribute('aria-label', 'Chapter');
  for (const view of chapters) picker.append(new Option(`${view.chapter}. ${view.title}`, view.id));
  picker.addEventListener('change', () => onChapter(picker.value));
  root.append(prev, next, where, picker, keys, exit);
  return {
    root,
    label(i, count, title) {
      where.textContent = count ? `Stage ${i + 1} of ${count}: ${title}` : '';
      exit.href = exitLink(); // the same state, sentence included, without present mode
      picker.value = chapter();
      prev.setAttribute('aria-disabled', String(i <= 0));
      next.setAttribute('aria-disabled', String(i >= count - 1));
    },
  };
}

function button(text, onClick, className) {
  const el = document.createElement('button');
  el.type = 'button';
  el.className = className;
  el.textContent = text;
  el.addEventListener('click', onClick);
  return el;
}
