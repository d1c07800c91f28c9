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
  return {
    notices(list) {
      messages.selectAll('p').data(list).join('p').attr('class', 'notice').text((d) => d);
    },
    prependNotice(textContent) {
      messages.insert('p', ':first-child').attr('class', 'notice').text(textContent);
    },
    /** While an answer is computed off the page (core/core-jobs.js): say so, dim the last result. */
    computing(message) {
      error.selectAll('p').remove();
      messages.selectAll('p').data([message]).join('p').attr('class', 'notice computing').text((d) => d);
      if (results) select(results).classed('stale', true);
    },
    error(message) {
      error.selectAll('p').data(message ? [message] : []).join('p').attr('class', 'error').text((d) => d);
      if (results) select(results).classed('stale', Boolean(message));
    },
  };
}
