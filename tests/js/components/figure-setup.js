// What the figure tests (jsdom) share: a stand-in ResizeObserver (jsdom has none, and
// watch-width.js watches each figure's box), the page emptied and the mocks restored after each
// test, a holder element on the page, and a matrix as the core gives one.
import { afterEach, beforeAll, vi } from 'vitest';

export function figureTests() {
  beforeAll(() => {
    globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
  });
  afterEach(() => {
    document.body.replaceChildren();
    vi.restoreAllMocks();
  });
}

/** An element on the page to draw into. */
export function holder(tag = 'div') {
  const element = document.createElement(tag);
  document.body.append(element);
  return element;
}

/** {rows, cols, data} with data[i * cols + f] = value(i, f). */
export function matrix(rows, cols, value) {
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let f = 0; f < cols; f++) data[i * cols + f] = value(i, f);
  return { rows, cols, data };
}
