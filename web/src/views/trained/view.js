// The trained-encoder chapter (beyond the class): a real, trained transformer encoder, Universal Sentence
// Encoder Lite (2 layers × 4 heads). Its attention heads were trained, unlike the class's random
// projections, so here the learner can see what trained attention does with "bank", and test
// it against a same-sense control sentence before calling anything a separation. The model
// (about 7 MB) is fetched only when the learner clicks for it (a link with load=1 only points at
// the button) and runs in a Web Worker. Until then the chapter shows the untrained class block's
// attention on the same sentences, computed by the core like every other view.
import { select } from 'd3';
import { drawHeatmap } from '../../components/heatmap/index.js';
import { createStatus } from '../../components/status.js';
import { sharedEncoderClient } from '../../core/encoder-client.js';
import { num, full, numOrNotDefined } from '../../format.js';
import { PAGE_LIMITS } from '../../limits.js';
import { text } from '../../params.js';
import { part, parts, shown, headedTable } from '../../components/parts.js';
import { figureAttr } from '../../components/figures.js';
import { beyondHeading } from '../../components/nav.js';
import { buildModelLoader, modelUrl } from '../../components/model-loader.js';
import { CONTEXT_CHANGE } from '../shared/thresholds.js';
import { rowOf, topKeys } from '../shared/wording.js';
import { moreFold } from '../../components/more.js';
import { mountHeadsChange } from './heads-change.js';

export const view = {
  mount(root, { core, state, update, drawnLater }) {
    const client = sharedEncoderClient();
    const view = select(root).append('section').attr('id', 'trained').attr('class', 'view').attr('aria-labelledby', 'trained-title')
      .attr('data-computing', 'false');
    beyondHeading(view.append('h2').attr('id', 'trained-title'), 'A trained encoder: attention after training', 'all');
    view.append('p').attr('class', 'lead').text(
      'The classes ran on random projections; here a real pretrained encoder runs in your browser, on your sentences.',
    );
    buildControls(view, state, update);
    // the messages right under the sentences they are about (after the loader and the settings, an
    // empty sentence's message was below a phone's first screen)
    view.append('div').attr('class', 'status-slot');
    const loader = buildModelLoader(view, { prefix: 'trained', suggested: state.trainedLoad });
    // which model the button loads, folded after it (components/more.js): under the lead it pushed
    // the key figure below a phone's first screen; the key figure goes between the two
    moreFold(view, 'which model, and where it comes from').append('p').text(
      'It is Google’s Universal Sentence Encoder Lite, a 2-layer transformer encoder with 4 heads per layer that turns a sentence into one vector. ' +
        'Its authors trained it on tasks of their own, unrelated to this page; this project has no record of its training data. ' +
        'Same attention mechanism as the class (queries, keys, values, softmax, weighted sums), with trained weights, plus parts the class did not have (listed under the cosines).',
    );
    const resultsEl = view.append('div').attr('id', 'trained-results').node();
    const status = createStatus(view.select('.status-slot'), resultsEl);
    const headsChange = mountHeadsChange(root, { core, client }); // a fold at the chapter's end (Class 05)
    let current = state;
    let drawn = 0; // results of the trained model drawn so far (tests wait on data-drawn)

    function setComputing(on) {
      view.attr('data-computing', String(on));
      select(resultsEl).attr('aria-busy', on ? 'true' : null);
    }

    function startLoading() {
      loader.loading();
      client.load(modelUrl(), loader.progress).then(
        (bytes) => {
          loader.loaded(bytes);
          if (!current.trainedLoad) update({ trainedLoad: true });
          else draw(current);
        },
        (error) => {
          loader.failed();
          status.error(error.message);
          drawnLater(); // the figure at the top is dimmed with the result
        },
      );
    }
    loader.button.on('click', startLoading);
    // Loaded (or loading) before this chapter was last left: pick it up again, without a new download.
    if (client.loaded) startLoading();

    /** Draws the untrained block at once; with the model loaded, everything when the worker answers. */
    function draw(s) {
      const asked = { ...s }; // the state is shared and changes as the learner types: keep this one
      const untrained = untrainedBlock(core, asked);
      if (!client.ready) {
        showUntrainedStatus(status, untrained);
        if (untrained.experiment) drawResults(resultsEl, { untrained, trained: null, state: asked });
        return;
      }
      setComputing(true);
      const options = { sentence: asked.trainedSentence, sentence2: asked.trainedSentence2, target: asked.trainedTarget, control: asked.trainedControl };
      client.compare(options).then(
        (answer) => {
          if (!answer) return; // asked before a newer edit: that one's answer is drawn instead
          setComputing(client.busy);
          status.error('');
          status.notices([...answer.result.first.notices, ...answer.result.second.notices, ...answer.result.notices]);
          drawResults(resultsEl, { untrained, trained: answer.result, state: asked });
          drawnLater();
          drawn += 1;
          view.attr('data-drawn', String(drawn));
          // For tests and embedding pages: which request, and which sentences, were just drawn.
          view.node().dispatchEvent(new CustomEvent('trained-drawn', { bubbles: true, detail: { seq: answer.seq, sentence: asked.trainedSentence, sentence2: asked.trainedSentence2, control: asked.trainedControl } }));
        },
        (error) => {
          setComputing(client.busy);
          status.error(error.message);
          drawnLater();
          if (!client.ready) loader.failed(); // the worker died: offer to load again
        },
      );
    }

    return {
      status,
      render(s) {
        current = s;
        draw(s);
        headsChange.fill(s);
      },
    };
  },
};

/** The two sentences, the word to follow and the heatmap choices; text fields update as you type. */
function buildControls(view, state, update) {
  const form = view.append('form').attr('class', 'controls').attr('novalidate', true).on('submit', (e) => e.preventDefault());
  const field = (parent, { id, label, key, max, size }) => {
    const box = parent.append('div').attr('class', size ? 'control' : 'control sentence');
    box.append('label').attr('for', id).text(label);
    box.append('input').attr('id', id).attr('type', 'text').attr('maxlength', max).attr('size', size ?? null)
      .attr('autocomplete', 'off').attr('spellcheck', 'false').attr('data-state-key', key)
      .property('value', state[key]).on('input', (e) => update({ [key]: e.target.value }, { typing: true }));
  };
  field(form, { id: 'trained-s1', label: 'Sentence 1', key: 'trainedSentence', max: 500 });
  field(form, { id: 'trained-s2', label: 'Sentence 2 (another sense)', key: 'trainedSentence2', max: 500 });
  field(form, { id: 'trained-s3', label: 'Sentence 3 (control, same sense as 1)', key: 'trainedControl', max: 500 });
  const row = form.append('div').attr('class', 'control-row');
  field(row, { id: 'trained-target', label: 'Word to follow', key: 'trainedTarget', max: 64, size: 10 });
  const pick = (id, label, key, options) => {
    const box = row.append('div').attr('class', 'control');
    box.append('label').attr('for', id).text(label);
    // only one of the options counts: a script can set a select to a value it does not offer
    const allowed = new Set(options.map(([value]) => value));
    const s = box.append('select').attr('id', id).on('change', (e) => {
      const value = Number(e.target.value);
      if (allowed.has(value)) update({ [key]: value });
      else e.target.value = String(state[key]);
    });
    for (const [value, name] of options) s.append('option').attr('value', value).text(name);
    s.property('value', String(state[key]));
  };
  pick('trained-layer', 'Trained heads of layer', 'trainedLayer', [[1, 'layer 1'], [2, 'layer 2']]);
  pick('trained-show', 'Heatmaps for', 'trainedShow', [[1, 'sentence 1'], [2, 'sentence 2'], [3, 'sentence 3 (control)']]);
}

/**
 * The class's untrained NumPy block (Class 05 notebook defaults) on the same two sentences:
 * {experiment, contextual cosine, notices, error}. experiment is null when it cannot run.
 */
function untrainedBlock(core, s) {
  try {
    const experiment = core.bankExperiment({
      source: 'numpy', sentence: s.trainedSentence, sentence2: s.trainedSentence2, control: s.trainedControl, target: s.trainedTarget, maxTokens: PAGE_LIMITS.maxTokens,
    });
    const contextual = experiment.cosines.find((c) => c.name === 'contextual_target_across_sentences');
    const control = experiment.controlCosines.find((c) => c.name === 'contextual_target_vs_control');
    // What the class block dropped or assumed (punctuation, words outside its course vocabulary)
    // is said inside its own section, not among the view's messages at the top.
    const notices = [...new Set([...experiment.first.notices, ...experiment.second.notices, ...(experiment.control?.notices ?? [])])];
    return { experiment, contextual, control, separation: experiment.separation, notices, error: null };
  } catch (error) {
    return { experiment: null, contextual: null, control: null, separation: null, notices: [`Untrained class block: ${error.message}`], error };
  }
}

/** Before the model is loaded the class block is all there is: its errors are the view's. */
function showUntrainedStatus(status, untrained) {
  if (untrained.error) {
    status.error(untrained.error.message); // the last drawing stays, dimmed
    return;
  }
  status.error('');
  status.notices([]);
}

/** Section headings numbered 1, 2, … in the order they are drawn. */
function numberedHeadings() {
  let n = 0;
  return (section, id, title) => part(section, 'h3', 'title').attr('id', id).text(`${++n}. ${title}`);
}

// The sections are parts (components/parts.js): made once, filled on every render, in the order
// of `order`; a section the render does not show is hidden. The maps are updated in place.
function drawResults(el, { untrained, trained, state }) {
  const results = select(el)
    .attr('data-sentence1', state.trainedSentence).attr('data-sentence2', state.trainedSentence2).attr('data-sentence3', state.trainedControl);
  const heading = numberedHeadings();
  const order = trained ? ['tokens', 'cosines', 'focus', 'heads', 'untrained'] : ['untrained', 'cosines'];
  const section = (name, label) => part(results, 'section.stage', name).attr('aria-labelledby', label);
  if (trained) drawTokens(section('tokens', 'trained-tokens'), trained, heading);
  else drawUntrainedBlock(section('untrained', 'trained-untrained'), { untrained, state, heading, loaded: false });
  drawCosineTable(section('cosines', 'trained-cosines'), { untrained, trained, state, heading });
  if (trained) {
    drawFocus(section('focus', 'trained-focus'), trained, state, heading);
    drawHeads(section('heads', 'trained-heads'), trained, state, heading);
    drawUntrainedBlock(section('untrained', 'trained-untrained'), { untrained, state, heading, loaded: true });
  }
  // In reading order, moved only when the model's sections first come; the others hidden. Before
  // the model is loaded the first screen (components/first-screen.js) has taken the untrained
  // block up under the sentences: it stays there until then.
  const sections = order.map((name) => part(results, 'section.stage', name).node())
    .filter((node) => trained || node.parentNode === el);
  const placed = [...el.children].filter((child) => child.matches('section.stage'));
  if (sections.some((node, k) => placed[k] !== node)) el.append(...sections);
  for (const child of placed) shown(select(child), sections.includes(child));
}

/** attn_weights of the untrained class block for the sentence picked, with a note from its numbers. */
function drawUntrainedBlock(parent, { untrained, state, heading, loaded }) {
  const experiment = untrained.experiment;
  // sentence 3 is the control; an empty control has no report, so sentence 1 is shown instead
  const n = state.trainedShow === 3 && !experiment?.control ? 1 : state.trainedShow;
  const section = parent.classed('untrained-block', true);
  heading(section, 'trained-untrained', loaded
    ? `For comparison: the untrained class block on sentence ${n}`
    : `The untrained class block on sentence ${n}`);
  // the map first: before the model is loaded it is the chapter's first picture (first screen)
  const holder = shown(part(section, 'div.heatmap-holder', 'map'), Boolean(experiment));
  const about = shown(part(section, 'p', 'about'), Boolean(experiment));
  const note = shown(part(section, 'p.untrained-note', 'note'), Boolean(experiment));
  const notices = shown(part(section, 'ul.muted.class-notices', 'notices'), Boolean(experiment && untrained.notices.length))
    .attr('aria-label', 'What the class block left out or assumed');
  shown(part(section, 'p.notice', 'missing'), !experiment).text(experiment ? '' : untrained.notices.join(' '));
  shown(part(section, 'p.notice.load-hint', 'load-hint'), !loaded).text(
    'Load the trained model (the button above) to see what training changes: the same sentences split into the model’s own tokens, its eight trained heads as heatmaps like this one, where each head looks, and the cosines of each layer.',
  );
  if (!experiment) return;
  const report = [experiment.first, experiment.second, experiment.control][n - 1];
  const tokens = Array.from(report.tokens, (t) => t.text);
  drawHeatmap(holder.node(), {
    name: `untrained attn_weights, sentence ${n}`, matrix: report.projected.attn_weights, rowLabels: tokens, colLabels: tokens,
    rowAxis: 'queries (words)', colAxis: 'keys', palette: 'weights', rowSums: report.row_sums,
  });
  about.text(
    `This is the Class 05 notebook’s block (NumPy mode): a random embedding table with d_model = ${report.dModel} and random, untrained W_q, W_k, W_v (d_k = ${report.dK}). ` +
      'Row = the word that asks (query), column = the word it looks at (key); each row sums to 1.',
  );
  const targetIndex = [experiment.targetIndexFirst, experiment.targetIndexSecond, experiment.targetIndexControl][n - 1];
  note.text(untrainedNote({ mixing: report.projectedMixing, tokens, targetIndex, target: state.trainedTarget, sentence: n, weights: report.projected.attn_weights }));
  notices.selectAll('li').data(untrained.notices).join('li').text((d) => d);
}

/** Whether the class block's output moved with context, by its cosine across the sentences. */
export function movesText(cosine) {
  return cosine < 1 - CONTEXT_CHANGE ? 'Moves with context' : `Hardly moves with context (cosine ${num(cosine)})`;
}

/**
 * What the untrained heatmap beside it shows, read from its numbers: where the followed word's
 * row (or, without the word, the first row) puts its largest weight.
 * @param {{mixing: {row, topKey, topWeight}[], tokens: string[], targetIndex: number, target: string, sentence: number}} p
 */
export function untrainedNote({ mixing, tokens, targetIndex, target, sentence, weights }) {
  const rows = Array.from(mixing);
  const row = targetIndex >= 0 ? targetIndex : 0;
  const m = rows.find((r) => r.row === row);
  if (!m) return 'This sentence has no words to attend to.';
  // with the map's matrix, every key tied for the largest weight is named (thresholds.js)
  const keys = weights ? topKeys(rowOf(weights, row)) : [m.topKey];
  const names = keys.map((j) => (j === row ? 'itself' : `“${tokens[j]}”`));
  const where = keys.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)} alike (a tie)` : names[0];
  const lead = targetIndex >= 0
    ? `In this block, “${tokens[row]}” (row ${row + 1}) puts its largest weight, ${num(m.topWeight)}, on ${where}.`
    : `“${target}” is not a word of sentence ${sentence}, so here is row 1: “${tokens[row]}” puts its largest weight, ${num(m.topWeight)}, on ${where}.`;
  return `${lead} W_q, W_k and W_v are random and untrained, so which key wins is an accident of the draw, not something learned.`;
}

const showPiece = (piece) => piece; // shown as the model sees it, with ▁ marking a word start

function drawTokens(section, trained, heading) {
  heading(section, 'trained-tokens', 'Subword tokens');
  part(section, 'p', 'about').text(
    'This model does not look words up in a word table: it splits text into pieces from a vocabulary of 8,000, chosen by a unigram language model. ' +
      '“▁” marks the start of a word, so “▁bank” is a whole word and a rare word may become several pieces. No word is ever out of vocabulary.',
  );
  const lists = [['Sentence 1', trained.first, trained.targetFirst], ['Sentence 2', trained.second, trained.targetSecond]];
  if (trained.control) lists.push(['Sentence 3 (control)', trained.control, trained.targetControl]);
  parts(part(section, 'div', 'lists'), 'div.token-list', lists, ([name]) => name, (box, [name, report, index]) => {
    part(box, 'p.token-caption', 'caption').text(`${name}: ${report.tokens.length} tokens`);
    part(box, 'ol.tokens.subword', 'tokens').attr('aria-label', `${name} tokens`)
      .selectAll('li').data(report.tokens).join('li')
      .classed('target', (_, i) => i === index)
      .attr('data-piece', (t) => t.piece)
      .text((t) => showPiece(t.piece));
  });
}

function drawCosineTable(section, { untrained, trained, state, heading }) {
  heading(section, 'trained-cosines', `“${state.trainedTarget}” in sentence 1 against sentence 2, and against the control`);
  part(section, 'p', 'about').text(
    'Any change of context moves a contextual vector, so a low cosine between two senses proves little by itself. ' +
      'Sentence 3 is the control: the same word in the same sense as in sentence 1. Only if the different-sense pair (1 vs 2) sits clearly below the same-sense pair (1 vs 3) does the model keep the senses apart.',
  );
  const body = headedTable(section, 'table', 'cosine-table trained-cosines',
    ['comparison', 'sentence 1 vs 2 (different sense)', 'sentence 1 vs 3 (control, same sense)', 'control minus pair', 'what it does and does not show']);
  // the rows are gathered, then joined by id: a row that stays keeps its element
  const rows = [];
  const rowOf = (id, label, values, note) => rows.push({ id, label, values, note });
  const u = untrained.contextual;
  const uc = untrained.control;
  rowOf('untrained-contextual', 'class block (NumPy notebook, random, d_model 8): contextual', { pair: u?.value ?? null, control: uc?.value ?? null, margin: untrained.separation?.margin ?? null },
    u?.value == null ? (u?.whyUndefined ?? 'not available')
      : uc?.value == null ? `${movesText(u.value)}; no control cosine: ${uc?.whyUndefined ?? 'not available'}.`
        : `${movesText(u.value)}, but the table and projections are random: nothing here was learned.`);
  if (trained) {
    rowOf('static', 'trained model: token-table vectors (before any layer)', { pair: trained.staticCosine, control: trained.controlStaticCosine ?? null },
      'Exactly 1 when the sentences use the same piece: a static lookup cannot tell the senses apart.');
    trained.contextualCosine.forEach((value, layer) => {
      const last = layer === trained.contextualCosine.length - 1;
      rowOf(`layer${layer + 1}`, `trained model: after layer ${layer + 1}`,
        { pair: value, control: trained.controlContextualCosine?.[layer] ?? null, ...(last ? { margin: trained.separation?.margin ?? null } : {}) },
        last
          ? 'After both layers; the verdict below is read from this row. All vectors live in the same space (the layer’s output), so the comparison is fair, unlike Y against raw X in the class.'
          : 'The first layer already mixes in each sentence’s neighbours.');
    });
    rowOf('sentence', 'trained model: the 512-d sentence vectors', { pair: trained.sentenceCosine, control: trained.controlSentenceCosine ?? null },
      'The model’s own output (mean of its token vectors, a tanh layer, length 1): it compares whole sentences, not the word.');
  }
  const valueCell = (td, value) => td.attr('title', value == null ? '' : full(value)).text(numOrNotDefined(value));
  parts(body, 'tr', rows, (row) => row.id, (tr, { id, label, values: { pair, control, margin }, note }) => {
    tr.attr('data-cosine', id);
    part(tr, 'th', 'label').attr('scope', 'row').text(label);
    valueCell(part(tr, 'td.value', 'value'), pair);
    valueCell(part(tr, 'td.same-sense', 'same-sense'), control);
    // only the judged rows have a margin (the core's separation report); the others show a dash
    const marginCell = part(tr, 'td.margin', 'margin');
    if (margin === undefined) marginCell.attr('title', null).text('—');
    else valueCell(marginCell, margin);
    part(tr, 'td', 'note').text(note);
  });
  const verdict = part(section, 'p.trained-verdict', 'verdict')
    .attr('data-verdict', trained?.separation?.verdict ?? (trained ? 'undefined' : null))
    .attr('data-margin', trained?.separation?.margin == null ? null : full(trained.separation.margin))
    .attr('data-untrained-verdict', untrained.separation?.verdict ?? 'undefined')
    .attr('data-untrained-margin', untrained.separation?.margin == null ? null : full(untrained.separation.margin));
  verdict.text(trainedVerdict({ trained: trained ? (trained.separation ?? null) : undefined, untrained: untrained.separation ?? null }));
  part(section, 'p.muted.trained-caveats', 'caveats').text(TRAINED_CAVEATS);
}

/** What else the trained model has, and what the page does not know about it. */
export const TRAINED_CAVEATS =
  'Besides attention, the trained model has a position (timing) signal added to its token vectors, pre-LayerNorm (a LayerNorm, which rescales each token’s vector to mean 0 and spread 1, before attention and before the feed-forward layer), residual connections (each block adds its input back to its output), ' +
  'a ReLU feed-forward layer in each block, and mean pooling into the sentence vector; the class block has none of them, so any difference between the two may come from those parts as much as from trained attention. ' +
  'The control is one sentence, and the page cannot check that it really uses the word as sentence 1 does: another control could give another verdict. ' +
  'And the model was trained by its authors on tasks of their own, unrelated to this page: ' +
  'attention weights show where information flows, not why.';

/** One model's verdict, read from its separation report (core/math/sense_control.hpp). */
function separationSentence(name, sep) {
  if (!sep || sep.verdict === 'undefined' || sep.margin == null) {
    return `${name}: no verdict, because the word is missing from a sentence (or the control is empty), so a cosine is not defined.`;
  }
  const [same, diff, margin, need] = [num(sep.sameSense), num(sep.differentSense), num(sep.margin), num(sep.requiredMargin)];
  if (sep.verdict === 'separates') {
    return `${name}: the same-sense pair scores ${same} and the different-sense pair ${diff}, so the control is ${margin} closer, at least the ${need} this page asks for: on these sentences it separates the two uses.`;
  }
  if (sep.verdict === 'too_close') {
    return `${name}: the same-sense pair scores ${same} and the different-sense pair ${diff}; the control is only ${margin} closer, less than the ${need} this page asks for, so it does not separate the two uses here.`;
  }
  return `${name}: the different-sense pair (${diff}) is closer than the same-sense control (${same}), by ${num(-sep.margin)}, so it does not separate the two uses here.`;
}

/**
 * The verdict beside the cosines, chosen by the two separation reports: `trained` (undefined
 * before the model is loaded) and `untrained` (the class block on the same three sentences).
 * A separation is claimed only when the control supports it, and a trained separation that
 * the random block matches is not credited to training.
 */
export function trainedVerdict({ trained, untrained }) {
  const parts = [];
  if (trained !== undefined) parts.push(separationSentence('Trained model, after both layers', trained));
  parts.push(separationSentence('Random class block', untrained));
  if (trained === undefined) {
    parts.push('Load the trained model to put it through the same test.');
    if (untrained?.verdict === 'separates') {
      parts.push('Nothing in the class block is trained, so when it passes, the gap comes from the words the sentences share, not from meaning.');
    }
    return parts.join(' ');
  }
  const t = trained?.verdict;
  const u = untrained?.verdict;
  if (t === 'separates' && u === 'separates') {
    parts.push('The random, untrained block passes the same test on these sentences, so the trained model’s gap can come from the words the sentences share rather than from anything learned: this pair does not show what training added.');
  } else if (t === 'separates' && (u === 'too_close' || u === 'reversed')) {
    parts.push('The random block does not pass it here, so the trained model’s gap is more than mixing in different neighbours gives by chance; which part of the trained model makes it, this page cannot tell.');
  } else if (t === 'too_close' || t === 'reversed') {
    parts.push('So on these sentences the trained model does not keep the two senses apart, however far its cosine falls below the lookup’s 1.');
  }
  return parts.join(' ');
}

function drawFocus(section, trained, state, heading) {
  heading(section, 'trained-focus', `Where does “${state.trainedTarget}” look? The three keys each head weights most`);
  const absent = trained.targetFirst < 0 && trained.targetSecond < 0;
  shown(part(section, 'p.notice', 'absent'), absent).text(absent ? `“${state.trainedTarget}” is not a whole-word token in either sentence.` : '');
  const box = shown(part(section, 'div', 'focus'), !absent);
  if (absent) return;
  const body = headedTable(box, 'table', 'cosine-table head-focus', ['head', 'sentence 1', 'sentence 2']);
  const describe = (focus, report) => (focus ? focus.keys.map((k, n) => `${report.tokens[k].piece} ${num(focus.weights[n])}`).join(', ') : '—');
  const heads = Array.from({ length: 8 }, (_, i) => [trained.focusFirst[i], trained.focusSecond[i]]);
  parts(body, 'tr', heads, (_, i) => i, (tr, [f1, f2]) => {
    const ref = f1 ?? f2;
    tr.attr('data-head', `${ref.layer + 1}.${ref.head + 1}`);
    part(tr, 'th', 'head').attr('scope', 'row').text(`layer ${ref.layer + 1}, head ${ref.head + 1}`);
    part(tr, 'td.focus-first', 'first').text(describe(f1, trained.first));
    part(tr, 'td.focus-second', 'second').text(describe(f2, trained.second));
  });
  part(box, 'p.muted.focus-summary', 'summary').text(focusSummary(trained));
}

/**
 * How far the eight heads' strongest keys lie from the followed word, counted from the table
 * above (sentence 1, or sentence 2 when the word is only there), so the sentence says what
 * these numbers show rather than what heads usually do.
 */
export function focusSummary(trained) {
  const inFirst = trained.targetFirst >= 0;
  const focus = (inFirst ? trained.focusFirst : trained.focusSecond).filter(Boolean);
  const target = inFirst ? trained.targetFirst : trained.targetSecond;
  const report = inFirst ? trained.first : trained.second;
  const groups = { itself: [], neighbour: [], farther: [] };
  for (const f of focus) {
    const distance = Math.abs(f.keys[0] - target);
    groups[distance === 0 ? 'itself' : distance === 1 ? 'neighbour' : 'farther'].push(f);
  }
  const name = (f) => `layer ${f.layer + 1} head ${f.head + 1} → ${report.tokens[f.keys[0]].piece}`;
  const count = (list, where) => `${where}, ${list.length}${list.length && where !== 'on itself' ? ` (${list.map(name).join(', ')})` : ''}`;
  const piece = report.tokens[target].piece;
  return `Where the ${focus.length} heads put their largest weight for “${piece}” in sentence ${inFirst ? 1 : 2}: ` +
    `${count(groups.itself, 'on itself')}; ${count(groups.neighbour, 'on a next-door token')}; ${count(groups.farther, 'further away')}. ` +
    'Nobody programmed these habits; they came from training. They say where information flows from, not why.';
}

function drawHeads(section, trained, state, heading) {
  const layerIndex = state.trainedLayer - 1;
  // sentence 3 is the control; without one (an empty control), sentence 1
  const shown = state.trainedShow === 3 && !trained.control ? 1 : state.trainedShow;
  const report = [trained.first, trained.second, trained.control][shown - 1];
  section.call(figureAttr, 'trained_heads');
  heading(section, 'trained-heads', `The four trained heads of layer ${state.trainedLayer}, sentence ${shown}${shown === 3 ? ' (the control)' : ''}`);
  const width = report.layers[layerIndex].heads[0].Q.cols;
  part(section, 'p', 'about').text(
    `Each head has its own Q, K and V of width ${width} (${report.layers[layerIndex].output.cols} features split four ways), scales q by 1/√${width}, and normalises each row with softmax, exactly as in the class. Row = the token that asks (query), column = the token it looks at (key).`,
  );
  const labels = report.tokens.map((t) => showPiece(t.piece));
  const grid = part(section, 'div.heatmap-row', 'maps');
  report.layers[layerIndex].heads.forEach((h, index) => {
    drawHeatmap(part(grid, 'div.heatmap-holder', `head ${index}`).node(), {
      name: `layer ${state.trainedLayer} head ${index + 1}`, matrix: h.attn_weights, rowLabels: labels, colLabels: labels,
      rowAxis: 'queries (subword tokens)', colAxis: 'keys', palette: 'weights',
    });
  });
}
