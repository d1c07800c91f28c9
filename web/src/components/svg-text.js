// Text in an SVG drawing that must not run past its room (a label column, the picture's edge).

/**
 * Writes prefix + text into an SVG <text>, cutting the text (with an ellipsis) so that it is at
 * most maxWidth px long as drawn. Measuring needs the drawing on screen; when it is not (a hidden
 * box), the whole text is kept.
 */
export function fitText(node, prefix, text, maxWidth) {
  node.textContent = prefix + text;
  // No glyph of these 11 px labels is wider than 9 px: a short text needs no measuring (each
  // measurement makes the browser lay out the page, and a view has hundreds of labels).
  if ((prefix + text).length * 9 <= maxWidth) return;
  const width = node.getComputedTextLength();
  if (width <= maxWidth) return;
  // jump to the length the average glyph allows, then take off what still sticks out
  const perChar = width / (prefix + text).length;
  let keep = Math.max(1, Math.min(text.length - 1, Math.floor(maxWidth / perChar) - prefix.length - 1));
  node.textContent = `${prefix}${text.slice(0, keep)}…`;
  while (keep > 1 && node.getComputedTextLength() > maxWidth) {
    keep -= 1;
    node.textContent = `${prefix}${text.slice(0, keep)}…`;
  }
}
