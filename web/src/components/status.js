// A view's message area: notices (what was dropped, renamed or assumed) and one error, shown
// next to the controls the learner is using. The error dims the last good result.
import { select } from 'd3';

/**
 * @param {d3.Selection} parent   where the two boxes go (right under the controls)
 * @param {HTMLElement} [results] dimmed while an error is shown
 */
export function createStatus(parent, results) {
  // The error first: it is about what was just typed; the notices may describe the last good result.
  const error = parent.append('div').attr('class', 'error-box').attr('id', 'error').attr('role', 'alert');
  const messages = parent.append('div').attr('class', 'messages').attr('id', 'messages').attr('role', 'status').attr('aria-live', 'polite');
  // Notices about the link itself (main.js: settings it ignored) stay above the view's own while
  // the view redraws: a chapter that draws again when its data arrives (the lab, on GloVe) kept them
  // one render only.
  const lasting = [];
  let own = [];
  const show = (list, className = 'notice') => {
    messages.selectAll('p').data([...lasting.map((text) => ({ text, className: 'notice' })), ...list.map((text) => ({ text, className }))])
      .join('p').attr('class', (d) => d.className).text((d) => d.text);
  };
  return {
    notices(list) {
      own = list;
      show(own);
    },
    prependNotice(textContent) {
      lasting.unshift(textContent);
      show(own);
    },
    /** While an answer is computed off the page (core/core-jobs.js): say so, dim the last result. */
    computing(message) {
      error.selectAll('p').remove();
      show([message], 'notice computing');
      if (results) select(results).classed('stale', true);
    },
    error(message) {
      error.selectAll('p').data(message ? [message] : []).join('p').attr('class', 'error').text((d) => d);
      if (results) select(results).classed('stale', Boolean(message));
    },
  };
}
