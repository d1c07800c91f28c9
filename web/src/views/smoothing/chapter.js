// The smoothing chapter's descriptor: what the page needs to know of it without drawing it.
import { intIn } from '../../params.js';

export const chapter = {
  id: 'smoothing',
  title: 'Reweighting',
  question: 'Why is nearness the wrong weight for words?', // what the chapter answers: its line in the course map and the Next link that leads to it
  course: 'class04', // the part of the course it belongs to (the course map groups by it)
  params: [
    { url: 'sb', key: 'smoothBeta', parse: intIn(1, 100), default: 30 },
    { url: 'sn', key: 'smoothNoise', parse: intIn(0, 200), default: 40 },
    { url: 'ss', key: 'smoothSeed', parse: intIn(0, 2 ** 31 - 1), default: 0 },
  ],
  firstScreen: {
    selector: '#smoothing-formula', note: false, carry: (formula, matching) => [formula, matching(formula.nextElementSibling, '.chart-holder')],
    // β is the chapter; the noise, the seed and the example βs fold under the chart
    fold: (form) => [...form.querySelectorAll('.control:has(#smooth-noise), .control:has(#smooth-seed), .examples')],
  },
};
