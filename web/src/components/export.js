// An "Export" menu any chart can carry: PNG and SVG images of its <svg>, and the numbers behind
// it as CSV, JSON and NumPy .npy at full precision, named as in the notebook (X.csv,
// attn_weights.npy, ...). Files are made in the page (Blob + <a download>), so this works
// offline, from file:// and inside an iframe; nothing is sent anywhere.
//
//   addExport(parentElement, { name: 'attn_weights', svg: svgElement, matrices: [{name, rows,
//     cols, data, rowLabels, colLabels, rowAxis, colAxis}] })
import { select } from 'd3';
import { matrixCsv, matricesJson, matrixNpy, fileStem } from './export-formats.js';

// Properties copied from the page's stylesheet onto the exported SVG, which has no stylesheet.
const STYLE_PROPS = ['fill', 'stroke', 'stroke-width', 'font-size', 'font-family', 'font-weight', 'opacity', 'visibility'];

/**
 * @param {HTMLElement} parent  the menu is appended here
 * @param {{name: string, svg?: SVGSVGElement | (() => SVGSVGElement), matrices?: object[]}} spec
 * @returns {HTMLElement} the menu (a <details>)
 */
export function addExport(parent, spec) {
  const stem = fileStem(spec.name);
  const matrices = spec.matrices ?? [];
  const menu = select(parent).append('details').attr('class', 'export-menu').attr('data-export', stem);
  menu.append('summary').html('Export<span class="visually-hidden"></span>').select('span').text(` ${spec.name}`);
  const list = menu.append('div').attr('class', 'export-buttons');
  const button = (format, label, action) =>
    list.append('button').attr('type', 'button').attr('data-format', format).text(label).on('click', action);

  const svgOf = () => (typeof spec.svg === 'function' ? spec.svg() : spec.svg);
  if (spec.svg) {
    button('png', 'PNG image', () => svgToPng(svgOf()).then((blob) => download(`${stem}.png`, blob)));
    button('svg', 'SVG image', () => download(`${stem}.svg`, new Blob([svgText(svgOf())], { type: 'image/svg+xml' })));
  }
  if (matrices.length) {
    button('json', 'JSON', () =>
      download(`${stem}.json`, new Blob([matricesJson(matrices)], { type: 'application/json' })));
    for (const m of matrices) {
      const s = fileStem(m.name);
      const suffix = matrices.length > 1 ? ` (${m.name})` : '';
      button('csv', `CSV${suffix}`, () => download(`${s}.csv`, new Blob([matrixCsv(m)], { type: 'text/csv' })))
        .attr('data-matrix', s);
      button('npy', `NumPy .npy${suffix}`, () =>
        download(`${s}.npy`, new Blob([matrixNpy(m)], { type: 'application/octet-stream' }))).attr('data-matrix', s);
    }
  }
  return menu.node();
}

// The menus keptExport made, by the element that holds each.
const keptMenus = new WeakMap();

/**
 * An Export menu kept in `parent` from render to render (a section filled in place): made again
 * only for another name (its file names) or another set of matrices; otherwise its matrices take
 * the new numbers in place, so a click always exports what is on the page now.
 * @param {HTMLElement} parent
 * @param {{name: string, svg?: SVGSVGElement | (() => SVGSVGElement), matrices: object[]}} spec
 * @returns {HTMLElement} the menu
 */
export function keptExport(parent, spec) {
  const kept = keptMenus.get(parent);
  if (kept?.name === spec.name && kept.matrices.length === spec.matrices.length) {
    kept.matrices.forEach((m, k) => Object.assign(m, spec.matrices[k]));
    return kept.menu;
  }
  kept?.menu.remove();
  const matrices = spec.matrices.map((m) => ({ ...m }));
  const menu = addExport(parent, { ...spec, matrices });
  keptMenus.set(parent, { name: spec.name, matrices, menu });
  return menu;
}

/** Saves a Blob under a file name, from the page itself. */
export function download(filename, blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30000);
}

/** A standalone copy of a drawn <svg>: the page's computed colours and fonts written inline. */
function svgText(svg) {
  const clone = svg.cloneNode(true);
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  from.forEach((el, k) => {
    const style = getComputedStyle(el);
    const target = to[k];
    const inline = STYLE_PROPS.map((p) => `${p}:${style.getPropertyValue(p)}`).join(';');
    target.setAttribute('style', inline);
    target.removeAttribute('tabindex');
    target.removeAttribute('class');
  });
  // HTML inside the picture (a heatmap's canvas) does not travel: what it shows is in an <image>
  for (const html of clone.querySelectorAll('foreignObject')) html.remove();
  const [, , w, h] = (svg.getAttribute('viewBox') ?? `0 0 ${svg.clientWidth} ${svg.clientHeight}`).split(/\s+/).map(Number);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', w);
  clone.setAttribute('height', h);
  clone.setAttribute('style', `background:${getComputedStyle(document.body).backgroundColor};font-family:${getComputedStyle(svg).fontFamily}`);
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', getComputedStyle(document.body).backgroundColor);
  clone.insertBefore(bg, clone.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
}

/** The SVG drawn onto a canvas at twice its size, as a PNG Blob. */
function svgToPng(svg, scale = 2) {
  const text = svgText(svg);
  const [, , w, h] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(w * scale);
      canvas.height = Math.ceil(h * scale);
      const ctx = canvas.getContext('2d');
      ctx.scale(scale, scale);
      ctx.drawImage(img, 0, 0, w, h);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png');
    };
    img.onerror = () => reject(new Error('the SVG could not be drawn'));
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  });
}
