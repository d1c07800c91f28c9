// Figures that can be embedded one at a time (?embed=1&figure=<name>). A chapter lists its
// figures in its descriptor (views/<id>/chapter.js; views/chapters.js gathers them into FIGURES
// and says what each field means) and its view marks each figure's root element with
// data-figure="<name>" (figureAttr below); embed mode (components/embed.js) finds a figure by
// that attribute alone, so the registry needs no selectors. The figure-embed tests check that
// every registered figure is drawn and marked.

/** `controls=sentence` keeps the view's sentence field(s) above an embedded figure; `none` shows the figure alone. */
export const CONTROLS_VALUES = ['sentence', 'none'];

/** The id of a figure's root on the full page, the target of the "open full page" link (#figure-<name>). */
export function figureId(name) {
  return `figure-${name}`;
}

/** Marks a figure's root (a d3 selection): embed mode, the dialog and links find it by this. */
export function figureAttr(selection, name) {
  return selection.attr('data-figure', name).attr('id', figureId(name));
}
