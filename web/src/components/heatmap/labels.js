// The text around the cells: row labels left of them, turned column labels above them, and the
// optional row-sum column right of them. Long axes are labelled every k-th row or column.
import { range } from 'd3';
import { cellText, truncate } from '../../format.js';
import { fitText } from '../svg-text.js';
import { LABEL_WIDTH, HEADER_HEIGHT, LABEL_SPACING } from './layout.js';

export function drawLabels(hm, { cw, ch, rowStep, colStep }) {
  const { rowLabels, colLabels } = hm.spec;
  hm.svg.select('g.row-labels').selectAll('text').data(range(0, rowLabels.length, rowStep)).join('text')
    .attr('x', LABEL_WIDTH - 6).attr('y', (i) => HEADER_HEIGHT + i * ch + Math.min(ch, LABEL_SPACING) / 2).attr('dy', '0.35em')
    .attr('text-anchor', 'end').each(function label(i) { fitText(this, '', rowLabels[i], LABEL_WIDTH - 8); });
  hm.svg.select('g.col-labels').selectAll('text').data(range(0, colLabels.length, colStep)).join('text')
    .attr('transform', (j) => `translate(${LABEL_WIDTH + j * cw + Math.min(cw, LABEL_SPACING) / 2},${HEADER_HEIGHT - 6}) rotate(-50)`)
    .text((j) => truncate(colLabels[j], 9));
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
