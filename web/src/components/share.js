// "Copy link": the address of exactly what is on screen (view, sentence, widths, seeds, toggles,
// selection), kept up to date, in a read-only field with a Copy button. Uses the Clipboard API
// where the browser allows it (https, localhost); otherwise, for example from file:// or in an
// iframe without clipboard permission, it selects the text so Ctrl+C / long-press copies it.
import { select } from 'd3';

/**
 * @param {HTMLElement} container
 * @returns {{update(url: string): void}}
 */
export function createShare(container) {
  const box = select(container).attr('class', 'copy-link');
  box.append('label').attr('for', 'share-url').text('Link to this view');
  const input = box.append('input').attr('id', 'share-url').attr('type', 'text').attr('readonly', true)
    .attr('spellcheck', 'false').on('focus', (e) => e.target.select());
  const done = box.append('span').attr('class', 'copy-done').attr('role', 'status').attr('aria-live', 'polite');
  box.insert('button', '.copy-done').attr('type', 'button').attr('id', 'copy-link').text('Copy link').on('click', async () => {
    const url = input.property('value');
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      done.text('Copied.');
    } catch {
      input.node().focus();
      input.node().select();
      done.text('The link is selected: press Ctrl+C (or ⌘C) to copy it.');
    }
  });
  return {
    update(url) {
      // Every redraw passes the link; only a changed one makes "Copied." stale.
      if (input.property('value') === url) return;
      input.property('value', url);
      done.text('');
    },
  };
}
