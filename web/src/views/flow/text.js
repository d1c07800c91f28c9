// The words beside each step of the whiteboard flow. Every number in them is read from the
// core's flow report; the sentences are the page's own, carrying the notes' distinctions
// (inner versus elementwise product, attention weights versus parameters, softmax as the
// normalisation, symmetric raw scores versus row-normalised coefficients).
import { vectorText, idx } from '../../components/flow-diagram.js';
import { mixingGrade } from '../shared/thresholds.js';
import { copiesText, keysText, topKeys } from '../shared/wording.js';
import { notMeaningReason, tableStatus } from '../shared/vector-kind.js';

/** The steps of each form: fixed stages, one "term" per token, then the output. */
export function stepsFor(form, n) {
  const terms = Array.from({ length: n }, (_, j) => ({ kind: 'term', j }));
  return form === 'qkv'
    ? [{ kind: 'vectors' }, { kind: 'project' }, { kind: 'compare' }, { kind: 'scale' }, { kind: 'normalise' }, { kind: 'coefficients' }, ...terms, { kind: 'output' }]
    : [{ kind: 'vectors' }, { kind: 'base' }, { kind: 'compare' }, { kind: 'normalise' }, { kind: 'coefficients' }, ...terms, { kind: 'output' }];
}

/** What the parameters are in this mode and what the table is (`source`), said as the other chapters say it. */
export function parametersNote(r, source = 'numpy') {
  const torch = Boolean(r.workbench.mha);
  const projections = r.form === 'qkv' ? 'W_q, W_k, W_v of this Class 05 form' : 'none in this Class 04 form (W_q, W_k, W_v belong to the Class 05 form)';
  return torch
    ? `Parameters are what training could change: in PyTorch mode that is embedding.weight (trainable, the nn.Embedding default) and ${projections}; the heads chapter’s nn.MultiheadAttention adds in_proj_weight and out_proj. None of them has been trained here.`
    : source === 'numpy'
      ? `Parameters are what training could change: ${projections}, and the embedding table if it is trainable (a frozen table is a fixed input; the NumPy notebook never trains it). Nothing here has been trained.`
      : `Parameters are what training could change: ${projections}. The embedding table is a fixed input, ${tableStatus(source)}. Nothing here has been trained.`;
}

/**
 * The output step's sentence about mixing, chosen by the base row's numbers and graded by
 * thresholds.js on the share from tokens whose vectors differ from the base's own (weight on a
 * copy of its own vector, a repeated word, changes nothing); the strongest of those keys are read
 * from the row's weights, so ties are named.
 */
export function outputMixing(r, tokens, qkv, source) {
  const m = (qkv ? r.workbench.projectedMixing : r.workbench.paramFreeMixing)[r.base];
  const y = idx('y', r.base + 1);
  const self = idx('a', r.base + 1, r.base + 1);
  const word = `“${tokens[r.base]}”`;
  const own = qkv ? `${word}’s own value` : idx('x', r.base + 1);
  if (m.other < 0) return [`Here ${y} mixes nothing: the mask leaves ${word} only itself, so ${self} = `, { value: m.selfWeight }, '.'];
  const grade = mixingGrade(m.weightFromDifferent);
  const copies = copiesText(m, tokens, r.base, qkv);
  if (grade === 'almost-nothing') {
    if (copies) {
      return [`Here ${y} mixes ${m.weightFromDifferent === 0 ? 'nothing' : 'almost nothing'} in: the other tokens get `, { value: m.weightElsewhere }, ` of it, but `, { value: m.weightOnCopies }, ` goes to ${copies}, and a copy of ${own} adds nothing new. Tokens with other ${qkv ? 'values' : 'vectors'} get `, { value: m.weightFromDifferent }, `, so ${y} is ${own} ${m.weightFromDifferent === 0 ? 'itself' : 'to within that share'}.`];
    }
    return [`Here ${y} mixes almost nothing: ${self} = `, { value: m.selfWeight }, ` and all the other tokens together get `, { value: m.weightElsewhere }, `, so ${y} is ${own} to within that share. The table “Does this output mix?” below says why and has controls that change it.`];
  }
  const strongest = topKeys(Array.from(r.weights), { self: r.base, others: true, except: m.copies });
  const most = `most from ${keysText(strongest, tokens, { inParens: true })}, `;
  const each = strongest.length > 1 ? ' each' : '';
  const others = m.copies.length ? `tokens with other ${qkv ? 'values' : 'vectors'}` : 'the other tokens';
  // weight on copies of its own vector is said apart: it is in the row but moves nothing
  const copyNote = copies ? [' Another ', { value: m.weightOnCopies }, ` goes to ${copies}, which adds nothing new.`] : [];
  if (grade === 'barely') {
    return [`Here ${y} barely mixes: it takes a share of only `, { value: m.weightFromDifferent }, ` from ${others} (${most}`, { value: r.weights[strongest[0]] }, `${each}) and keeps `, { value: m.selfWeight }, ` for ${word} itself, so it is still mostly ${own}.`, ...copyNote];
  }
  return [`Here ${y} takes a share of `, { value: m.weightFromDifferent }, ` from ${others} (${most}`, { value: r.weights[strongest[0]] }, `${each}) and `, { value: m.selfWeight }, ` from ${word} itself.`, ...copyNote, ` That is context dependence, not proof of better meaning: ${notMeaningReason(source, qkv)}.`];
}

/**
 * Y₁…Yₙ are intermediate representations, not predictions: what a task head would still have
 * to add, with the shapes of this Y (n rows, `width` features) and C classes.
 */
function taskHead(n, width) {
  return [
    `Y, of shape (${n}, ${width}), is an intermediate representation, not a prediction: none of its numbers is a label or a probability. `,
    `A task would still need a head with trained parameters. For one label per sentence: pool Y to one vector (the mean of its ${n} rows, shape (1, ${width})), multiply by W_head of shape (${width}, C) for C classes and take a softmax, giving (1, C). `,
    `For one label per token, as in named-entity tagging: the same (${width}, C) head on every row, giving (${n}, C). This chapter has no such head; the chapter “Training the block” trains one (W_head) on labelled senses of four ambiguous words.`,
  ];
}

/** Short title of a step, for the stepper. */
export function stepTitle(step, ctx) {
  const t = ctx.tokens;
  switch (step.kind) {
    case 'vectors': return 'tokens become vectors';
    case 'base': return `pick the base token (${t[ctx.r.base]})`;
    case 'project': return 'one input, three roles: q, k, v';
    case 'compare': return ctx.qkv ? 'compare the query with every key' : 'compare the base vector with every vector';
    case 'scale': return ctx.r.divisor === 1 ? 'scaling is off' : 'divide by √d_k';
    case 'normalise': return 'normalise this row (softmax)';
    case 'coefficients': return 'the coefficients';
    case 'term': return `scale and add term ${step.j + 1} (${t[step.j]})`;
    case 'output': return `the output ${idx('y', ctx.r.base + 1)}`;
    default: return '';
  }
}

/**
 * Paragraphs for a step: each paragraph is a list of parts, a part being plain text,
 * {code: text} or {value: number} (shown with 4 decimals, full precision in data-value).
 */
export function stepText(step, ctx) {
  const { r, tokens, qkv } = ctx;
  const i = r.base;
  const n = tokens.length;
  const d = r.workbench.X.cols;
  const base = tokens[i];
  // The worked example pairs the base token with the last other token it may see (or, if the
  // masks hide every other token, with the last other token at all).
  const visible = Array.from({ length: n }, (_, j) => j).filter((j) => j !== i && !r.masked[j]);
  const other = visible.length ? visible[visible.length - 1] : n > 1 ? (i === n - 1 ? 0 : n - 1) : i;
  const v = (value) => ({ value });
  const c = (code) => ({ code });
  const X = (k) => idx('x', k + 1);
  const pair = (letter, a, b) => idx(letter, a + 1, b + 1);
  const [xj, kj, vj, qi, ki] = [idx('x', 'j'), idx('k', 'j'), idx('v', 'j'), idx('q', 'i'), idx('k', 'i')];
  const masks = r.masked.filter(Boolean).length;
  switch (step.kind) {
    case 'vectors':
      return [
        [`Each of the ${n} words is looked up in the table and becomes a row vector of ${d} numbers, so X has shape (${n}, ${d}): one row per token, one column per feature.`],
        ...(ctx.rescaled ? [[`The table rows are changed before anything else (a control below): ${ctx.rescaled}. The notebook uses them as drawn.`]] : []),
        ctx.positional
          ? ['Positional encoding is on: each row is the table vector plus the sine/cosine pattern of its position (a fixed formula, not a parameter). Without it, nothing in X says which word came first.']
          : ['Nothing in these vectors says where a word stands in the sentence: bare attention has no idea of order unless a positional encoding is added.'],
        qkv
          ? ['In this form the vectors are not compared directly: three matrices will give each of them three roles first.']
          : ['In this form there is nothing else: no matrices, no parameters. The vectors are compared with each other as they are.'],
      ];
    case 'base':
      return [
        [`The base token is “${base}” (${X(i)}). Its output ${idx('y', i + 1)} is built by comparing ${X(i)} with every token, itself included: a token may draw on its own vector too.`],
        ['Click or tab to another word above to build its output instead. Every token goes through the same steps with its own row of numbers; the matrix form does all rows at once.'],
      ];
    case 'project':
      return [
        [`The base token asks with its query ${idx('q', i + 1)} = ${X(i)} W_q. Every token offers a key ${kj} = ${xj} W_k (to be matched) and a value ${vj} = ${xj} W_v (the content that gets mixed). All three come from the same X; they are different projections of it, not three different sentences.`],
        [`The same W_q, W_k, W_v (shapes (${d}, ${r.query.length}), (${d}, ${r.keys.cols}), (${d}, ${r.values.cols})) serve every token. They are parameters: training would change them. Here they are random and have never been trained, so what comes out shows how the mechanism works, not what a trained model would attend to.`],
      ];
    case 'compare': {
      const products = r.products.data.subarray(other * r.products.cols, (other + 1) * r.products.cols);
      const a = idx(qkv ? 'q' : 'x', i + 1);
      const b = idx(qkv ? 'k' : 'x', other + 1);
      const paragraphs = [
        [`Each score is an inner product: multiply ${qkv ? 'the query and a key' : 'the two vectors'} feature by feature, then add. For “${base}” and “${tokens[other]}”, the elementwise product ${a} ⊙ ${b} is `, c(vectorText(products)), ` — still a vector of ${products.length} numbers. Adding them up gives one scalar: ${a} · ${b} = `, v(r.rawScores[other]), '.'],
        ['So the elementwise product is only the first half of the inner product; the score is a single number per pair, and this row has one for each token.'],
      ];
      if (qkv) {
        paragraphs.push([`Queries and keys are different projections, so ${qi} · ${kj} and ${idx('q', 'j')} · ${ki} are different numbers: here ${idx('q', i + 1)} · ${idx('k', other + 1)} = `, v(r.rawScores[other]), ` but ${idx('q', other + 1)} · ${idx('k', i + 1)} = `, v(r.rawScoresColumn[other]), '.']);
      } else {
        paragraphs.push([`These raw scores are symmetric: ${idx('x', 'i')} · ${xj} = ${xj} · ${idx('x', 'i')}, so ${pair('s', i, other)} = `, v(r.rawScores[other]), ` and ${pair('s', other, i)} = `, v(r.rawScoresColumn[other]), '. Remember this for the coefficients.']);
      }
      if (masks) paragraphs.push([`${masks} of the ${n} keys are hidden from this token by the ${ctx.maskName}: their score becomes −∞, so they will get weight exactly 0.`]);
      return paragraphs;
    }
    case 'scale':
      return r.divisor === 1
        ? [['Scaling is switched off, so the scores go to softmax as they are. Switch “divide by √d_k” on to see the difference.']]
        : [[`Divide every score by √d_k = √${r.query.length} = `, v(r.divisor), `. Inner products of vectors with more features (a larger d_k) tend to spread wider: each feature adds its own product to the sum. Large gaps make softmax saturate, putting almost all the weight on one key, and a saturated softmax has vanishing gradients, so training could barely change the other weights. Dividing by √d_k keeps the scores in a range where that does not happen. For “${tokens[other]}”: `, v(r.rawScores[other]), ' ÷ ', v(r.divisor), ' = ', v(r.scores[other]), '.']];
    case 'normalise':
      return [
        ['Softmax turns this row of scores into coefficients, and it works on this row alone. First subtract the row’s largest score (', v(r.rowMax), ') so that exp cannot overflow; then take exp of each difference; then add them: Σ = ', v(r.expSum), '.'],
        ['This is the normalisation the notes ask for: unlike min–max scaling, it gives positive numbers that add up to exactly 1 after the division in the next step.'],
        ...(masks ? [['Hidden keys contribute exp(−∞) = 0 to the sum.']] : []),
        ...(!qkv && r.divisor !== 1 ? [[`“Divide X Xᵀ by √d_model” is on, so softmax sees each score divided by √${d} = `, v(r.divisor), `: for “${tokens[other]}”, `, v(r.rawScores[other]), ' ÷ ', v(r.divisor), ' = ', v(r.scores[other]), '. Class 04 taught the form without it.']] : []),
      ];
    case 'coefficients': {
      const paragraphs = [
        [`Each coefficient is its exp term divided by the row’s sum: ${pair('a', i, other)} = `, v(r.expTerms[other]), ' ÷ ', v(r.expSum), ' = ', v(r.weights[other]), '. Together they add up to ', v(r.weightSum), '.'],
        ['These are attention weights, not parameters: nothing stored them, they were computed from this very input and change whenever the sentence changes. ', parametersNote(r, ctx.source)],
      ];
      paragraphs.push(qkv
        ? [`Row by row they are not symmetric either: ${pair('a', i, other)} = `, v(r.weights[other]), `, ${pair('a', other, i)} = `, v(r.weightsColumn[other]), '.']
        : [`Although ${pair('s', i, other)} = ${pair('s', other, i)}, the coefficients differ: ${pair('a', i, other)} = `, v(r.weights[other]), ` but ${pair('a', other, i)} = `, v(r.weightsColumn[other]), ', because each row is divided by its own sum.']);
      return paragraphs;
    }
    case 'term': {
      const j = step.j;
      const vec = idx(qkv ? 'v' : 'x', j + 1);
      const scaled = r.scaledValues.data.subarray(j * r.scaledValues.cols, (j + 1) * r.scaledValues.cols);
      const partial = r.partialSums.data.subarray(j * r.partialSums.cols, (j + 1) * r.partialSums.cols);
      const paragraphs = [
        [`Scale ${vec} (“${tokens[j]}”) by its coefficient: ${pair('a', i, j)} ${vec} = `, v(r.weights[j]), ` × ${vec} = `, c(vectorText(scaled)), '. A scalar times a vector is a vector of the same width.'],
        [j === 0 ? 'This first term starts the running sum: ' : `Adding it to the sum of the first ${j} term${j === 1 ? '' : 's'} gives the running sum of ${j + 1}: `, c(vectorText(partial)), '.'],
      ];
      if (r.masked[j]) paragraphs.push([`This key is hidden (${r.masked[j]} mask), so its coefficient is exactly 0 and it adds nothing.`]);
      return paragraphs;
    }
    case 'output':
      return [
        [`After all ${n} terms, ${idx('y', i + 1)} = Σⱼ ${idx('a', i + 1, 'j')} ${qkv ? vj : xj} = `, c(vectorText(r.y)), `: one output vector for “${base}”, ${r.y.length} numbers wide.`],
        [`It is row ${i + 1} of Y = A ${qkv ? 'V' : 'X'} from the full matrix computation: the largest difference between the two is `, v(r.maxDeviation), ' (rounding only).'],
        outputMixing(r, tokens, qkv, ctx.source),
        taskHead(n, r.y.length),
      ];
    default:
      return [];
  }
}
