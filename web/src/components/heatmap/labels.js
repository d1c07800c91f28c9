// The text around the cells: row labels left of them, turned column labels above them, and the
// optional row-sum column right of them. Long axes are labelled every k-th row or column.
import { range, select } from 'd3';
import { cellText, truncate } from '../../format.js';
import { fitText } from '../svg-text.js';
import { LABEL_WIDTH, HEADER_HEIGHT, LABEL_SPACING } from './layout.js';

export function drawLabels(hm, { cw, ch, rowStep, colStep }) {
  const { rowLabels, colLabels } = hm.spec;
  // A keystroke renames a row and a column; every label's place is written again only when the
  // grid moves (an attribute written again, even to the same value, makes the browser restyle it).
  hm.svg.select('g.row-labels').selectAll('text').data(range(0, rowLabels.length, rowStep)).join('text')
    .each(function label(i) {
      const y = HEADER_HEIGHT + i * ch + Math.min(ch, LABEL_SPACING) / 2;
      if (this.__y !== y) {
        this.__y = y;
        select(this).attr('x', LABEL_WIDTH - 6).attr('y', y).attr('dy', '0.35em').attr('text-anchor', 'end');
      }
      fitText(this, '', rowLabels[i], LABEL_WIDTH - 8);
    });
  hm.svg.select('g.col-labels').selectAll('text').data(range(0, colLabels.length, colStep)).join('text')
    .each(function label(j) {
      const place = `translate(${LABEL_WIDTH + j * cw + Math.min(cw, LABEL_SPACING) / 2},${HEADER_HEIGHT - 6}) rotate(-50)`;
      if (this.__place !== place) {
        this.__place = place;
        this.setAttribute('transform', place);
      }
      const text = truncate(colLabels[j], 9);
      if (this.textContent !== text) this.textContent = text;
    });
}

/** The row sums the spec brings (the core computed them), written beside the rows. */
export function drawRowSums(hm, { gridRight, sumWidth, ch, rowStep }) {
  const g = hm.svg.select('g.row-sums');
  const sums = hm.spec.rowSums ? Array.from(hm.spec.rowSums) : [];
  g.selectAll('text.sum-title').data(sums.length ? [0] : []).join('text').attr('class', 'sum-title')
    .attr('x', gridRight + sumWidth / 2).attr('y', HEADER_HEIGHT - 8).attr('text-anchor', 'middle').text('row sum');
  g.selectAll('text.sum').data(range(0, sums.length, rowStep)).join('text').attr('class', 'sum')
    .attr('x', gridRight + sumWidth / 2).attr('y', (i) => HEADER_HEIGHT + i * ch + Math.min(ch, LABEL_SPACING) / 2)
    .attr('dy', '0.35em').attr('text-anchor', 'middle').attr('data-row', (i) => i)
    .text((i) => cellText(sums[i]));
}
