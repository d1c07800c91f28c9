// The dot-product chapter (Class 04): two vectors compared by the dot product and by the cosine. The learner
// drags the arrow tips in 2-D (mouse, touch, or arrow keys on a focused tip) or types vectors of
// any length; every number shown comes from core.compareVectors().
import { select, scaleLinear, drag } from 'd3';
import { createStatus } from '../../components/status.js';
import { num, numOrNotDefined } from '../../format.js';
import { text } from '../../params.js';
import { addExport } from '../../components/export.js';
import { part, parts, keptTable } from '../../components/parts.js';
import { examplesRow } from '../../components/sentence-field.js';

const EXTENT = 3.5; // the 2-D plot shows [-EXTENT, EXTENT] on both axes
const SIZE = 320;
const PAD = 22;
const EXAMPLES = [
  ['same direction, different lengths', '1, 2', '2, 4'],
  ['perpendicular', '2, 0', '0, 1.5'],
  ['opposite', '1, 1', '-2, -2'],
  ['long but apart vs short and close', '3, 0.5', '0.6, 0.5'],
  ['four numbers', '1, 2, 3, 4', '-1, 0.5, 2, 0'],
];

/** The dot-product chapter (its number: its place in views/chapters.js). */
export const view = {
  mount(root, { core, state, update }) {
    const view = select(root).append('section').attr('id', 'cosine').attr('class', 'view').attr('aria-labelledby', 'cosine-title');
    view.append('h2').attr('id', 'cosine-title').text('Dot product and cosine: length versus direction');
    view.append('p').attr('class', 'lead').text(
      'The dot product grows with both length and alignment; the cosine divides the lengths out and keeps the direction.',
    );
    const form = view.append('form').attr('class', 'controls').attr('novalidate', true).on('submit', (e) => e.preventDefault());
    const row = form.append('div').attr('class', 'control-row');
    const field = (id, label, key) => {
      const box = row.append('div').attr('class', 'control vector-field');
      box.append('label').attr('for', id).text(label);
      box.append('input').attr('id', id).attr('type', 'text').attr('inputmode', 'decimal').attr('autocomplete', 'off')
        .attr('spellcheck', 'false').attr('maxlength', 400).attr('data-state-key', key).property('value', state[key])
        .on('input', (e) => update({ [key]: e.target.value }, { typing: true }));
    };
    field('vec-a', 'vector a (numbers separated by commas)', 'vecA');
    field('vec-b', 'vector b', 'vecB');
    const buttons = form.append('div').attr('class', 'control-row');
    buttons.append('button').attr('type', 'button').attr('id', 'normalise').text('Normalise both (divide by their lengths)')
      .on('click', () => {
        if (!last?.unitA || !last?.unitB) {
          status.error('A zero vector cannot be normalised: it has no direction to keep.');
          return;
        }
        update({ vecA: vectorText(last.unitA), vecB: vectorText(last.unitB) });
      });
    examplesRow(form, EXAMPLES.map(([label, a, b]) => ({ label, pick: () => update({ vecA: a, vecB: b }) })));
    view.append('div').attr('class', 'status-slot');
    const results = view.append('div').attr('id', 'cosine-results').attr('class', 'cosine-results');
    const status = createStatus(view.select('.status-slot'), results.node());
    const plot = buildPlot(results.append('div').attr('class', 'cosine-plot'), {
      onMove: (which, point) => update({ [which === 'a' ? 'vecA' : 'vecB']: vectorText(point) }),
    });
    const plotExport = results.select('.cosine-plot').append('div').attr('class', 'cosine-plot-export');
    const numbers = results.append('div').attr('class', 'cosine-numbers');
    let last = null;

    return {
      status,
      render(current) {
        syncInput(root, '#vec-a', current.vecA);
        syncInput(root, '#vec-b', current.vecB);
        let report;
        try {
          report = core.compareVectors(core.parseVector(current.vecA, 'Vector a'), core.parseVector(current.vecB, 'Vector b'));
        } catch (error) {
          status.error(error.message);
          return;
        }
        last = report;
        status.error('');
        status.notices(report.a.length === 2 ? [] : [`These vectors have ${report.a.length} coordinates; the drawing needs exactly two, the numbers below work for any length.`]);
        plot.draw(report);
        drawPlotExport(plotExport, report);
        drawNumbers(numbers, report);
      },
    };
  },
};

function buildPlot(holder, { onMove }) {
  const x = scaleLinear().domain([-EXTENT, EXTENT]).range([PAD, SIZE - PAD]);
  const y = scaleLinear().domain([-EXTENT, EXTENT]).range([SIZE - PAD, PAD]);
  const svg = holder.append('svg').attr('viewBox', `0 0 ${SIZE} ${SIZE}`).attr('class', 'vector-plot')
    .attr('role', 'group').attr('aria-label', 'The two vectors drawn from the origin. Focus a tip and use the arrow keys to move it (Shift for bigger steps).');
  const defs = svg.append('defs');
  for (const which of ['a', 'b']) {
    defs.append('marker').attr('id', `arrow-${which}`).attr('viewBox', '0 0 10 10').attr('refX', 8).attr('refY', 5)
      .attr('markerUnits', 'userSpaceOnUse').attr('markerWidth', 12).attr('markerHeight', 12).attr('orient', 'auto-start-reverse')
      .append('path').attr('d', 'M0,0 L10,5 L0,10 z').attr('class', `arrow-head-${which}`);
  }
  const grid = svg.append('g').attr('class', 'grid');
  for (let t = -3; t <= 3; t++) {
    grid.append('line').attr('x1', x(t)).attr('x2', x(t)).attr('y1', y(-EXTENT)).attr('y2', y(EXTENT)).classed('axis', t === 0);
    grid.append('line').attr('y1', y(t)).attr('y2', y(t)).attr('x1', x(-EXTENT)).attr('x2', x(EXTENT)).classed('axis', t === 0);
    if (t !== 0) {
      grid.append('text').attr('x', x(t)).attr('y', y(0) + 13).attr('text-anchor', 'middle').text(t);
      grid.append('text').attr('x', x(0) - 5).attr('y', y(t) + 4).attr('text-anchor', 'end').text(t);
    }
  }
  svg.append('circle').attr('class', 'unit-circle').attr('cx', x(0)).attr('cy', y(0)).attr('r', x(1) - x(0));
  svg.append('text').attr('class', 'unit-label').attr('x', x(0.72)).attr('y', y(-0.95)).text('length 1');
  const arrows = {};
  for (const which of ['a', 'b']) {
    const g = svg.append('g').attr('class', `vec vec-${which}`);
    arrows[which] = {
      line: g.append('line').attr('x1', x(0)).attr('y1', y(0)).attr('marker-end', `url(#arrow-${which})`),
      unit: g.append('circle').attr('class', 'unit-dot').attr('r', 4),
      label: g.append('text').attr('class', 'vec-label'),
      tip: g.append('circle').attr('class', 'tip').attr('r', 14).attr('tabindex', 0).attr('role', 'button').attr('data-vec', which),
      point: [0, 0],
    };
    const arrow = arrows[which];
    const clamp = (v) => Math.max(-EXTENT, Math.min(EXTENT, v));
    const round2 = (v) => Math.round(v * 100) / 100; // input resolution of the drag, not a computation
    arrow.tip
      .call(drag().on('drag', (event) => onMove(which, [round2(clamp(x.invert(event.x))), round2(clamp(y.invert(event.y)))])))
      .on('keydown', (event) => {
        const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
        const move = moves[event.key];
        if (!move) return;
        event.preventDefault();
        const step = event.shiftKey ? 50 : 10; // hundredths
        const [px, py] = arrow.point.map((v) => Math.round(v * 100));
        onMove(which, [clamp((px + move[0] * step) / 100), clamp((py + move[1] * step) / 100)]);
      });
  }
  return {
    draw(report) {
      const twoD = report.a.length === 2;
      svg.classed('hidden-plot', !twoD);
      holder.classed('plot-off', !twoD);
      if (!twoD) return;
      for (const which of ['a', 'b']) {
        const v = report[which];
        const unit = report[which === 'a' ? 'unitA' : 'unitB'];
        const arrow = arrows[which];
        arrow.point = [v[0], v[1]];
        const cx = x(Math.max(-EXTENT, Math.min(EXTENT, v[0])));
        const cy = y(Math.max(-EXTENT, Math.min(EXTENT, v[1])));
        arrow.line.attr('x2', cx).attr('y2', cy).attr('visibility', report[which === 'a' ? 'normA' : 'normB'] > 0 ? null : 'hidden');
        arrow.tip.attr('cx', cx).attr('cy', cy)
          .attr('aria-label', `tip of ${which} at (${num(v[0])}, ${num(v[1])}); arrow keys move it`);
        arrow.label.attr('x', cx + 10).attr('y', cy - 10).text(which);
        arrow.unit.attr('visibility', unit ? null : 'hidden');
        if (unit) arrow.unit.attr('cx', x(unit[0])).attr('cy', y(unit[1]));
      }
    },
  };
}

// Made once, filled on every move of a vector (components/parts.js).
function drawNumbers(container, r) {
  const table = keptTable(container, 'numbers', 'cosine-table vector-table');
  part(table, 'caption', 'caption').text('The two vectors and what the core computes from them');
  const head = part(part(table, 'thead', 'head'), 'tr', 'row');
  parts(head, 'th', ['quantity (and how it is made)', 'value'], (h) => h, (th, h) => th.attr('scope', 'col').text(h));
  const rows = [
    ['dot', 'dot product a · b', r.dot, `sum of the products ${Array.from(r.products, num).join(' + ')}`],
    ['normA', 'length |a|', r.normA, '√(a · a)'],
    ['normB', 'length |b|', r.normB, '√(b · b)'],
    ['cosine', 'cosine', r.cosine, r.cosine === null ? r.whyUndefined : 'a · b ÷ (|a| |b|)'],
    ['angle', 'angle (degrees)', r.angleDegrees, r.angleDegrees === null ? r.whyUndefined : 'arccos of the cosine (computed in a rounding-safe form)'],
    ['dot2b', 'a · (2b)', r.dotWith2b, 'b doubled: the dot product doubles'],
    ['cos2b', 'cosine of a and 2b', r.cosineWith2b, 'b doubled: the cosine does not move'],
  ];
  const body = part(table, 'tbody', 'body');
  const vectors = part(body, 'tr', 'vectors').attr('data-key', 'vectors');
  const vectorsLabel = part(vectors, 'th', 'label').attr('scope', 'row');
  part(vectorsLabel, 'span', 'name').text('a and b');
  part(vectorsLabel, 'span.how', 'how').text(`${r.a.length} coordinates each`);
  part(vectors, 'td.value.vectors', 'value').text(`a = (${Array.from(r.a, num).join(', ')})\nb = (${Array.from(r.b, num).join(', ')})`);
  for (const [key, label, value, how] of rows) {
    const tr = part(body, 'tr', key).attr('data-key', key);
    const th = part(tr, 'th', 'label').attr('scope', 'row');
    part(th, 'span', 'name').text(label);
    part(th, 'span.how', 'how').text(how);
    part(tr, 'td.value', 'value').attr('data-value', value === null ? '' : String(value)).text(numOrNotDefined(value));
  }

  const verdict = part(container, 'p.agreement', 'verdict').attr('id', 'agreement').attr('data-agree', String(r.dotEqualsCosine));
  const lengths = `|a| = ${num(r.normA)} and |b| = ${num(r.normB)}`;
  if (r.cosine === null) {
    verdict.text('With a zero vector there is a dot product (0) but no cosine: a zero vector points nowhere.');
  } else if (r.dotEqualsCosine && r.aIsUnit && r.bIsUnit) {
    verdict.text(`Here the dot product and the cosine agree (${num(r.dot)}): both vectors have length 1, so dividing by |a| |b| = 1 changes nothing.`);
  } else if (r.dotEqualsCosine && Math.abs(r.cosine) < 1e-9) {
    verdict.text(`Here the dot product and the cosine are both 0: the vectors are perpendicular, and 0 divided by any length stays 0 (${lengths}).`);
  } else if (r.dotEqualsCosine) {
    verdict.text(`Here the dot product and the cosine agree (${num(r.dot)}) because ${lengths} multiply to 1, so dividing by |a| |b| changes nothing.`);
  } else {
    const unitNote = ' They agree when both lengths are 1 (more generally when |a| |b| = 1), or when the vectors are perpendicular; “Normalise both” rescales the vectors to length 1 (the dots on the circle) without turning them.';
    verdict.text(`The dot product (${num(r.dot)}) and the cosine (${num(r.cosine)}) differ because ${lengths}: the dot product counts length, the cosine only direction.${unitNote}`);
  }
  part(container, 'p.muted', 'attention').text(
    'In the parameter-free attention of Class 04 the scores are plain dot products, so a long vector can win a row of the softmax on length alone. Cosine is the usual way to compare embeddings for similarity; it is not what attention computes.',
  );
}

/** The core's numbers as text for an input field (full precision, so nothing is lost). */
function vectorText(values) {
  return Array.from(values, (v) => String(v)).join(', ');
}

function syncInput(root, selector, value) {
  const el = root.querySelector(selector);
  if (el && el.value !== value && document.activeElement !== el) el.value = value;
}


/** Export of the drawing (2-D only) and of the two vectors as a (2, n) matrix, rows a and b. */
function drawPlotExport(slot, r) {
  slot.node().replaceChildren();
  const n = r.a.length;
  addExport(slot.node(), {
    name: 'vectors',
    svg: n === 2 ? () => slot.node().parentNode.querySelector('svg.vector-plot') : undefined,
    matrices: [{
      name: 'vectors', rows: 2, cols: n, data: Float64Array.from([...r.a, ...r.b]), rowLabels: ['a', 'b'],
      colLabels: Array.from({ length: n }, (_, k) => `x${k + 1}`), rowAxis: 'vectors', colAxis: 'coordinates',
    }],
  });
}
