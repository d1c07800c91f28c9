// Text in an SVG drawing that must not run past its room (a label column, the picture's edge).
//
// Widths are measured on a canvas in the label's font, not with getComputedTextLength(): that
// asks the browser to lay out the page, and a redraw that cut many labels (64 tokens on the flow
// diagram) laid the page out once per label.

/**
 * Writes prefix + text into an SVG <text>, cutting the text (with an ellipsis) so that it is at
 * most maxWidth px long as drawn.
 */
export function fitText(node, prefix, text, maxWidth) {
  setText(node, fitted(node, prefix, text, maxWidth));
}

/** prefix + text, cut with an ellipsis where it would be longer than maxWidth. */
function fitted(node, prefix, text, maxWidth) {
  // No glyph of these 11 px labels is wider than 9 px: a short text needs no measuring.
  if ((prefix + text).length * 9 <= maxWidth) return prefix + text;
  const measure = measurerFor(node);
  if (!measure || measure(prefix + text) <= maxWidth) return prefix + text;
  // the longest cut that fits, by halving (a label is at most a few dozen characters)
  let lo = 1;
  let hi = text.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${prefix}${text.slice(0, mid)}…`) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${prefix}${text.slice(0, lo)}…`;
}

// (writing the same text again would replace the text node, and the browser would lay it out again)
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// The label fonts seen so far, by the classes of the drawing and of the label: looked up once
// each (a style lookup per new drawing would make the browser restyle the page per redraw).
const fonts = new Map();
// a resize may cross a breakpoint that changes the type
if (typeof window !== 'undefined') window.addEventListener('resize', () => fonts.clear());
let context = null;

function measurerFor(node) {
  const key = `${node.ownerSVGElement?.getAttribute('class') ?? ''}|${node.parentNode?.getAttribute?.('class') ?? ''}|${node.getAttribute('class') ?? ''}`;
  let font = fonts.get(key);
  if (!font && !node.isConnected) return null; // not on a page, and not seen: nothing to measure against
  if (!font) {
    const style = getComputedStyle(node);
    font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    fonts.set(key, font);
  }
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return null;
  return (text) => {
    context.font = font;
    return context.measureText(text).width;
  };
}
