// The reweighting chapter (Class 04): exponential smoothing as the analogy for reweighting, and why its
// proximity rule does not carry over to language. The series, the smoothing and every weight
// come from core.smoothing(); this module only draws them.
import { select } from 'd3';
import { createStatus } from '../../components/status.js';
import { drawLineChart } from '../../components/line-chart.js';
import { num } from '../../format.js';
import { examplesRow } from '../../components/sentence-field.js';

const LENGTH = 120;
const PERIOD = 40;
const LAGS_SHOWN = 30;

/** The reweighting chapter (its number: its place in views/chapters.js). β and the noise travel in hundredths. */
export const view = {
  mount(root, { core, state, update }) {
    const view = select(root).append('section').attr('id', 'smoothing-view').attr('class', 'view').attr('aria-labelledby', 'smoothing-title');
    view.append('h2').attr('id', 'smoothing-title').text('Reweighting: exponential smoothing');
    view.append('p').attr('class', 'lead').text(
      'Exponential smoothing mixes each new observation with what came before, weighting by nearness and nothing else.',
    );
    const form = view.append('form').attr('class', 'controls').attr('novalidate', true).on('submit', (e) => e.preventDefault());
    const row = form.append('div').attr('class', 'control-row');
    slider(row, 'smooth-beta', 'β (share of the current observation)', 1, 100, state.smoothBeta, (v) => update({ smoothBeta: v }));
    slider(row, 'smooth-noise', 'noise level (standard deviation)', 0, 200, state.smoothNoise, (v) => update({ smoothNoise: v }), 5);
    const seedBox = row.append('div').attr('class', 'control');
    seedBox.append('label').attr('for', 'smooth-seed').text('seed of default_rng');
    seedBox.append('input').attr('id', 'smooth-seed').attr('type', 'number').attr('min', 0).attr('max', 2 ** 31 - 1).attr('step', 1)
      .property('value', state.smoothSeed).on('change', (e) => {
        const v = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isInteger(v) && v >= 0 && v <= 2 ** 31 - 1) update({ smoothSeed: v });
        else update({ inputError: 'The seed must be a whole number from 0 to 2147483647.' });
      });
    examplesRow(form, [['the board’s β = 0.9', 90], ['β = 0.3', 30], ['β = 0.05', 5], ['β = 1 (no smoothing)', 100]]
      .map(([label, beta]) => ({ label, pick: () => update({ smoothBeta: beta }) })));
    view.append('div').attr('class', 'status-slot');
    const results = view.append('div').attr('id', 'smoothing-results');
    const status = createStatus(view.select('.status-slot'), results.node());
    const formula = results.append('p').attr('class', 'formula').attr('id', 'smoothing-formula');
    const seriesChart = results.append('div').attr('class', 'chart-holder').node();
    const metrics = results.append('p').attr('id', 'smoothing-metrics');
    const weightsChart = results.append('div').attr('class', 'chart-holder').node();
    const weightsNote = results.append('p').attr('id', 'smoothing-weights-note');
    const language = results.append('section').attr('class', 'stage language-note').attr('aria-labelledby', 'smoothing-language');
    language.append('h3').attr('id', 'smoothing-language').text('Why the proximity rule does not carry over to language');
    const languageText = language.append('p').attr('id', 'smoothing-language-text');
    language.append('p').text(
      'Attention keeps the useful half of the analogy, an output made as a weighted mix of other points, and drops the other half: its weights are not fixed by position. They are computed from the vectors themselves (dot products, then a softmax per row), so a word far away can receive the largest weight when its content matters. And unlike this recurrence, which only ever looks back, unmasked self-attention looks both ways.',
    );

    return {
      status,
      render(current) {
        select(root).select('#smooth-beta').property('value', current.smoothBeta);
        select(root).select('#smooth-noise').property('value', current.smoothNoise);
        let r;
        try {
          r = core.smoothing({ seed: current.smoothSeed, length: LENGTH, period: PERIOD, noise: current.smoothNoise / 100, beta: current.smoothBeta / 100 });
        } catch (error) {
          status.error(error.message);
          return;
        }
        status.error('');
        status.notices([]);
        select(root).select('#smooth-beta-value').text(num(r.beta).replace(/0+$/, '').replace(/\.$/, ''));
        select(root).select('#smooth-noise-value').text(num(current.smoothNoise / 100).replace(/0+$/, '').replace(/\.$/, ''));
        formula.attr('data-beta', String(r.beta)).attr('data-previous', String(r.previousShare))
          .text(`s_t = ${num(r.beta)} · x_t + ${num(r.previousShare)} · s_(t−1), starting from s_0 = x_0. The two shares add up to 1: more of one is less of the other.`);
        drawLineChart(seriesChart, {
          name: 'series', caption: `A noisy series (np.random.default_rng(${current.smoothSeed}).normal) and its smoothing with β = ${num(r.beta)}`,
          x: r.t, xLabel: 'time step t', yLabel: 'value',
          series: [
            { key: 'x', label: 'x: noisy observations', values: r.x, className: 'noisy' },
            { key: 'signal', label: `clean signal sin(2π t / ${PERIOD})`, values: r.signal, className: 'signal' },
            { key: 's', label: 's: smoothed', values: r.s, className: 'smoothed' },
          ],
        });
        metrics.attr('data-mse-noisy', String(r.mseNoisy)).attr('data-mse-smoothed', String(r.mseSmoothed)).text(
          `Mean squared distance from the clean signal: ${num(r.mseNoisy)} for the observations, ${num(r.mseSmoothed)} after smoothing. ${smoothingVerdict(r)}`,
        );
        const n = r.lastWeights.length;
        const lags = Array.from({ length: Math.min(LAGS_SHOWN, n) }, (_, k) => k);
        drawLineChart(weightsChart, {
          name: 'weights', caption: `How much each earlier observation counts in the last smoothed value (t = ${n - 1})`,
          x: lags, xLabel: 'steps back from the present', yLabel: 'weight', height: 220, markers: true,
          series: [{ key: 'weight', label: 'weight of x_(t − k) in s_t', values: lags.map((k) => r.lastWeights[n - 1 - k]), className: 'weights' }],
        });
        weightsNote.attr('data-weight-sum', String(r.weightSum)).text(
          `Unrolled, s_t is a weighted sum of every observation so far: the newest gets β, each step back multiplies by ${num(r.previousShare)}. All ${n} weights add up to ${num(r.weightSum)}. Nearness alone decides the weight; what the observation says plays no part.`,
        );
        languageText.attr('data-weight-lag', String(r.weightAtLanguageLag)).text(
          `In “Noa can be annoying, but she is a great cat” the word that tells us what Noa is, “cat”, sits ${r.languageLag} words after “Noa”. This recurrence only looks back, so Noa never sees “cat” at all; it is “cat”, at the end, that can look back to “Noa”, and with this β the value at “cat” gives the observation ${r.languageLag} steps back (“Noa”) a weight of ${num(r.weightAtLanguageLag)}, against ${num(r.weightNow)} for “cat” itself, however informative “Noa” is. In language the relevant word can be far away, and a near one can say little.`,
        );
      },
    };
  },
};

function slider(parent, id, label, lo, hi, value, onValue, step = 1) {
  const box = parent.append('div').attr('class', 'control');
  box.append('label').attr('for', id).text(label);
  const line = box.append('div').attr('class', 'slider-line');
  line.append('input').attr('id', id).attr('type', 'range').attr('min', lo).attr('max', hi).attr('step', step)
    .property('value', value).on('input', (e) => onValue(Number(e.target.value)));
  line.append('output').attr('id', `${id}-value`).attr('for', id);
}

/** What the two distances say, for the β on screen. */
function smoothingVerdict(r) {
  if (r.beta === 1) return 'With β = 1 each s_t is just x_t: nothing is smoothed, so both distances are the same.';
  if (r.mseSmoothed < r.mseNoisy) return 'Smoothing removed part of the noise; with very small β the smoothed curve also lags behind the signal.';
  return 'Here smoothing did not help: with this β the smoothed curve lags behind the signal more than it removes noise.';
}
