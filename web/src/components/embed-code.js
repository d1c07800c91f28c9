// "Embed code": a button on every figure (each element a view marks with data-figure, see
// components/figures.js and the registry in views/chapters.js) that opens one shared dialog with two ways to embed exactly that figure
// at exactly the current state: the HTML for a web page (an iframe plus the few lines that size
// it from the height the embed posts), and the plain link for Notion's /embed or any page that
// takes a link. Copy works like "Copy link" (components/share.js): the Clipboard API where the
// browser allows it, otherwise the text is selected for Ctrl+C.
import { select } from 'd3';
import { HEIGHT_MESSAGE } from './embed.js';

/**
 * Gives each figure in `app` one button. Views redraw: main.js calls the returned update() after
 * each render and each drawing outside one, and it adds the buttons a new drawing lacks.
 * @param {HTMLElement} app
 * @param {{embedLink: (figure: string, controls: string) => string, figures: object}} spec
 *   embedLink  the embed address of a figure now; figures  the registry (views/chapters.js)
 * @returns {{update(): void}}
 */
export function createEmbedCode(app, { embedLink, figures }) {
  const dialog = buildDialog({ embedLink, figures });
  const addButtons = () => {
    for (const root of app.querySelectorAll('[data-figure]')) {
      const slot = toolsOf(root);
      if (slot.querySelector(':scope > .embed-code-button')) continue;
      const name = root.dataset.figure;
      const button = select(slot).append('button').attr('type', 'button').attr('class', 'embed-code-button')
        .attr('aria-haspopup', 'dialog').on('click', (event) => dialog.open(name, root, event.currentTarget));
      button.append('span').text('Embed');
      button.append('span').attr('class', 'visually-hidden').text(` ${name}`);
    }
  };
  addButtons();
  return { update: addButtons };
}

/** Where a figure's button goes: beside its heatmap's Export menu, or at the figure's end. */
function toolsOf(root) {
  const maps = root.querySelectorAll('figure.heatmap');
  return maps.length === 1 ? maps[0].querySelector('.heatmap-tools') : root;
}

/** HTML-escapes text for an attribute value or element content. */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/**
 * The snippet for a web page. The listener finds its own iframe by the window that posted (so
 * several embeds on one page each get their height) and trusts only this page's origin.
 */
function iframeHtml({ url, label, height }) {
  const origin = new URL(url).origin;
  return [
    `<iframe src="${escapeHtml(url)}" title="${escapeHtml(`Attention Whiteboard: ${label}`)}"`,
    `  style="width:100%;height:${height}px;border:0" loading="lazy"></iframe>`,
    '<script>',
    '  addEventListener("message", (e) => {',
    `    if (e.origin !== ${JSON.stringify(origin)} || e.data?.type !== ${JSON.stringify(HEIGHT_MESSAGE)}) return;`,
    '    for (const f of document.querySelectorAll("iframe"))',
    '      if (f.contentWindow === e.source) f.style.height = e.data.height + "px";',
    '  });',
    '</script>',
  ].join('\n');
}

function buildDialog({ embedLink, figures }) {
  const dialog = select(document.body).append('dialog').attr('class', 'embed-code-dialog').attr('id', 'embed-code-dialog')
    .attr('aria-labelledby', 'embed-code-title');
  dialog.append('h2').attr('id', 'embed-code-title');
  dialog.append('p').attr('class', 'muted').text('For exactly what is on screen now: the sentence, the settings and the selection.');
  const choice = dialog.append('fieldset').attr('class', 'embed-code-controls');
  choice.append('legend').text('Above the figure');
  for (const [value, label] of [['sentence', 'the sentence field, to try other sentences'], ['none', 'nothing: the figure alone']]) {
    const box = choice.append('div').attr('class', 'control checkbox');
    box.append('input').attr('type', 'radio').attr('name', 'embed-code-controls').attr('id', `embed-code-controls-${value}`)
      .attr('value', value).on('change', () => fill());
    box.append('label').attr('for', `embed-code-controls-${value}`).text(label);
  }
  const field = (id, label, tag) => {
    const box = dialog.append('div').attr('class', 'embed-code-field');
    box.append('label').attr('for', id).text(label);
    const input = box.append(tag).attr('id', id).attr('readonly', true).attr('spellcheck', 'false').on('focus', (e) => e.target.select());
    const copy = box.append('button').attr('type', 'button').attr('class', 'embed-code-copy').attr('data-copy', id);
    return { input, copy };
  };
  const html = field('embed-code-html', 'HTML for a web page (the frame takes the figure’s height)', 'textarea');
  html.input.attr('rows', 9);
  html.copy.text('Copy HTML');
  const link = field('embed-code-link', 'Link for Notion (type /embed and paste it) or any page that takes a link', 'input');
  link.input.attr('type', 'text');
  link.copy.text('Copy link');
  const done = dialog.append('p').attr('class', 'copy-done').attr('role', 'status').attr('aria-live', 'polite');
  dialog.append('button').attr('type', 'button').attr('class', 'embed-code-close').text('Close').on('click', () => dialog.node().close());

  let current = null; // {figure, root}
  function fill() {
    const controls = dialog.select('input[name="embed-code-controls"]:checked').property('value');
    const url = embedLink(current.figure, controls);
    // a first height for the frame until the embed posts its own: the figure's, plus the bar
    // and (with controls) the sentence field
    const height = Math.ceil(current.root.getBoundingClientRect().height) + (controls === 'sentence' ? 140 : 60);
    html.input.property('value', iframeHtml({ url, label: figures[current.figure].label, height }));
    link.input.property('value', url);
    done.text('');
  }
  for (const { input, copy } of [html, link]) copy.on('click', () => copyText(input.node(), done));
  return {
    open(figure, root, opener) {
      current = { figure, root };
      dialog.select('#embed-code-title').text(`Embed ${figures[figure].label}`);
      dialog.select('#embed-code-controls-sentence').property('checked', true);
      fill();
      dialog.node().showModal();
      // back to the button that opened it (the dialog closes with Esc or Close)
      dialog.on('close', () => opener.isConnected && opener.focus());
    },
  };
}

async function copyText(field, done) {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(field.value);
    done.text('Copied.');
  } catch {
    field.focus();
    field.select();
    done.text('The text is selected: press Ctrl+C (or ⌘C) to copy it.');
  }
}
