// The local-context chapter (Class 04). A sliding window around a centre word reaches only its
// neighbours; all-to-all self-attention reaches every word. The reach sets come from
// core.localWindow(); this module only draws them.
import { select } from 'd3';
import { createStatus } from '../../components/status.js';
import { drawHeatmap } from '../../components/heatmap/index.js';
import { PAGE_LIMITS } from '../../limits.js';
import { text } from '../../params.js';
import { MAX_RADIUS, DIRECTIONS } from './chapter.js';
import { mountQuestions } from './questions.js';
import { mountModalities } from './modalities.js';

const PANELS = [
  { id: 'a', sentenceKey: 'winSentenceA', centreKey: 'winCentreA', targetKey: 'winTargetA' },
  { id: 'b', sentenceKey: 'winSentenceB', centreKey: 'winCentreB', targetKey: 'winTargetB' },
];

/** The local-context chapter (its number: its place in views/chapters.js). */
export const view = {
  mount(root, { core, state, update }) {
    const view = select(root).append('section').attr('id', 'window-view').attr('class', 'view').attr('aria-labelledby', 'window-title');
    view.append('h2').attr('id', 'window-title').text('Local context: what a window can reach');
    view.append('p').attr('class', 'lead').text(
      'A sliding window sees only nearby words; self-attention compares every word with every other, however far apart.',
    );
    const form = view.append('form').attr('class', 'controls').attr('novalidate', true).on('submit', (e) => e.preventDefault());
    const row = form.append('div').attr('class', 'control-row');
    const radiusBox = row.append('div').attr('class', 'control');
    radiusBox.append('label').attr('for', 'win-radius').text('window radius (words on each allowed side)');
    const radiusLine = radiusBox.append('div').attr('class', 'slider-line');
    radiusLine.append('input').attr('id', 'win-radius').attr('type', 'range').attr('min', 0).attr('max', MAX_RADIUS).attr('step', 1)
      .property('value', state.winRadius).on('input', (e) => update({ winRadius: Number(e.target.value) }));
    radiusLine.append('output').attr('id', 'win-radius-value').attr('for', 'win-radius');
    const dirBox = row.append('div').attr('class', 'control');
    dirBox.append('label').attr('for', 'win-direction').text('look at');
    const dirSelect = dirBox.append('select').attr('id', 'win-direction').on('change', (e) => update({ winDirection: e.target.value }));
    for (const [value, label] of Object.entries(DIRECTIONS)) dirSelect.append('option').attr('value', value).text(label);
    dirSelect.property('value', state.winDirection);
    view.append('div').attr('class', 'status-slot');
    const results = view.append('div').attr('id', 'window-results');
    const status = createStatus(view.select('.status-slot'), results.node());
    const panels = PANELS.map((p) => buildPanel(results, p, state, update));
    results.append('p').attr('class', 'muted').text(
      'The class’s “window size 2” means two words on each side of the centre. Libraries differ: some count a radius, some the total positions, so check which one a parameter means. A window is also not an n-gram: a bigram is two consecutive words, not a centre with its neighbours.',
    );

    const questions = mountQuestions(view, { core, state, update });
    const modalities = mountModalities(view, { core, state, update });

    return {
      status,
      render(current) {
        modalities.render(current, questions.render(current));
        select(root).select('#win-radius').property('value', current.winRadius);
        select(root).select('#win-radius-value').text(String(current.winRadius));
        select(root).select('#win-direction').property('value', current.winDirection);
        const reports = [];
        try {
          for (const p of PANELS) {
            reports.push(core.localWindow({
              sentence: current[p.sentenceKey], radius: current.winRadius, direction: current.winDirection,
              centre: current[p.centreKey], target: current[p.targetKey], maxTokens: PAGE_LIMITS.maxTokens,
            }));
          }
        } catch (error) {
          status.error(`Sentence ${reports.length + 1}: ${error.message}`);
          return;
        }
        status.error('');
        status.notices(reports.flatMap((r, k) => Array.from(r.notices, (n) => `Sentence ${k + 1}: ${n}`)));
        reports.forEach((r, k) => panels[k].draw(r, current));
      },
    };
  },
};

function buildPanel(results, p, state, update) {
  const panel = results.append('section').attr('class', 'stage window-panel').attr('data-panel', p.id).attr('aria-labelledby', `win-title-${p.id}`);
  panel.append('h3').attr('id', `win-title-${p.id}`).text(p.id === 'a' ? 'Sentence 1' : 'Sentence 2');
  const fields = panel.append('div').attr('class', 'control-row');
  const sentenceBox = fields.append('div').attr('class', 'control sentence');
  sentenceBox.append('label').attr('for', `win-sentence-${p.id}`).text('sentence');
  sentenceBox.append('input').attr('id', `win-sentence-${p.id}`).attr('type', 'text').attr('maxlength', 400).attr('autocomplete', 'off')
    .attr('spellcheck', 'false').attr('data-state-key', p.sentenceKey).property('value', state[p.sentenceKey])
    .on('input', (e) => update({ [p.sentenceKey]: e.target.value }, { typing: true }));
  const targetBox = fields.append('div').attr('class', 'control');
  targetBox.append('label').attr('for', `win-target-${p.id}`).text('word to reach');
  targetBox.append('input').attr('id', `win-target-${p.id}`).attr('type', 'text').attr('maxlength', 40).attr('autocomplete', 'off')
    .attr('spellcheck', 'false').attr('data-state-key', p.targetKey).property('value', state[p.targetKey])
    .on('input', (e) => update({ [p.targetKey]: e.target.value }, { typing: true }));
  panel.append('p').attr('class', 'muted hint').text('Choose the centre word (click, tap, or Tab and Enter):');
  const chips = panel.append('ol').attr('class', 'window-tokens').attr('aria-label', 'words of the sentence; the pressed one is the centre');
  const legend = panel.append('p').attr('class', 'window-legend');
  legend.append('span').attr('class', 'swatch centre').text('centre');
  legend.append('span').attr('class', 'swatch reached').text('inside the window');
  legend.append('span').attr('class', 'swatch outside').text('out of reach');
  legend.append('span').attr('class', 'swatch target').text('word to reach');
  const summary = panel.append('p').attr('class', 'window-summary');
  const target = panel.append('p').attr('class', 'window-target');
  const maps = panel.append('div').attr('class', 'heatmap-row');
  const windowMap = maps.append('div').attr('class', 'heatmap-holder').node();
  const attentionMap = maps.append('div').attr('class', 'heatmap-holder').node();
  const details = panel.append('details').attr('class', 'window-all');
  details.append('summary').text('Every centre word and what its window reaches');
  const list = details.append('ul');

  return {
    draw(r, current) {
      const sentenceEl = panel.select(`#win-sentence-${p.id}`).node();
      if (document.activeElement !== sentenceEl && sentenceEl.value !== current[p.sentenceKey]) sentenceEl.value = current[p.sentenceKey];
      const words = Array.from(r.tokens, (t) => t.text);
      const reached = new Set(r.reach[r.centre]);
      // one button per word, kept from render to render: a chip picked from the keyboard keeps the focus
      chips.selectAll('li').data(words).join((enter) => enter.append('li').call((li) => li.append('button').attr('type', 'button')))
        .select('button')
        .attr('data-pos', (_, j) => j)
        .attr('class', (_, j) => ['chip', j === r.centre ? 'centre' : reached.has(j) ? 'reached' : 'outside', j === r.targetIndex ? 'target' : ''].join(' ').trim())
        .attr('aria-pressed', (_, j) => String(j === r.centre))
        .text((w) => w);
      // each chip carries its own position (a word can appear twice)
      chips.selectAll('button').on('click', (event) => update({ [p.centreKey]: Number(event.currentTarget.dataset.pos) }));
      const sides = { both: 'on each side', left: 'to the left', right: 'to the right' }[current.winDirection];
      const reachText = r.reach[r.centre].length ? r.reach[r.centre].map((j) => words[j]).join(', ') : 'no other word';
      summary.attr('data-reach', r.reach[r.centre].join(',')).text(
        `Radius ${r.radius}, ${sides} (a window of at most ${r.windowPositions} positions): “${words[r.centre]}” reaches ${reachText}. Attention: all ${words.length} words.`,
      );
      if (r.targetIndex < 0) {
        target.attr('data-reaches', null).text('');
      } else {
        const pair = `“${words[r.centre]}” → “${words[r.targetIndex]}”, ${r.distance} position${r.distance === 1 ? '' : 's'} apart`;
        let windowPart;
        if (r.windowReachesTarget) windowPart = 'the window reaches it';
        else if (r.radiusNeeded === null) windowPart = `the window never reaches it looking only ${current.winDirection === 'left' ? 'back' : 'ahead'}`;
        else windowPart = `the window misses it; it would need radius ${r.radiusNeeded}`;
        target.attr('data-reaches', String(r.windowReachesTarget)).attr('data-radius-needed', r.radiusNeeded === null ? '' : String(r.radiusNeeded))
          .text(`${pair}: ${windowPart}. Attention reaches it${r.attentionReachesTarget ? '' : ' not'} at any radius, because every word is compared with every word.`);
      }
      drawHeatmap(windowMap, {
        name: `window reach, sentence ${p.id.toUpperCase()}`, matrix: r.covers, rowLabels: words, colLabels: words, rowAxis: 'centre words', colAxis: 'positions it can see',
        palette: 'weights', valueText: String, note: '1 = inside the centre’s window (the centre counts), 0 = out of reach.',
      });
      drawHeatmap(attentionMap, {
        name: `attention reach, sentence ${p.id.toUpperCase()}`, matrix: r.attention, rowLabels: words, colLabels: words, rowAxis: 'queries', colAxis: 'keys it can see',
        palette: 'weights', valueText: String, note: 'Unmasked self-attention: every entry is 1, whatever the distance. How much each word counts is decided later, by the weights.',
      });
      list.selectAll('li').data(words).join('li').text((w, i) => `${w}: ${r.reach[i].length ? r.reach[i].map((j) => words[j]).join(', ') : 'nothing else'}`);
    },
  };
}

