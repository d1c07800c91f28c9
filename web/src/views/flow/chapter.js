// The flow chapter's descriptor: what the page needs to know of it without drawing it.
import { PAGE_LIMITS } from '../../limits.js';
import { intIn, flag, oneOf } from '../../params.js';

/** The largest token index a link may name. */
export const MAX_INDEX = PAGE_LIMITS.maxTokens - 1;

/** Table scales the learner can pick (1 = the notebook's table as drawn). */
export const TABLE_SCALES = [1, 0.5, 0.25, 0.1];

export const chapter = {
  id: 'flow',
  title: 'The whiteboard flow',
  question: 'How is one token’s output built, step by step?', // what the chapter answers: its line in the course map and the Next link that leads to it
  course: 'class04', // the part of the course it belongs to (the course map groups by it)
  skeletonField: 'sentence', // the state key of the sentence field shown while the core starts
  params: [
    { url: 'form', key: 'flowForm', parse: oneOf(['free', 'qkv']), default: 'free' },
    { url: 'base', key: 'flowBase', parse: intIn(0, MAX_INDEX), default: 0 },
    // the step on screen, from 0 (step 1, where a learner starts: the flow is read from its start)
    { url: 'step', key: 'flowStep', parse: intIn(0, MAX_INDEX + 10), default: 0 },
    { url: 'pe', key: 'flowPE', parse: flag, default: false },
    { url: 'win', key: 'flowWindow', parse: flag, default: false },
    { url: 'r', key: 'flowRadius', parse: intIn(0, MAX_INDEX), default: 1 },
    { url: 'shuf', key: 'flowShuffle', parse: intIn(0, PAGE_LIMITS.maxSeed), default: 1 },
    { url: 'other', key: 'flowOther', parse: intIn(0, MAX_INDEX), default: null },
    { url: 'heads', key: 'flowHeads', parse: intIn(1, 64), default: 4 },
    // The controls that make the parameter-free form mix (issue 16); defaults change nothing.
    { url: 'fscale', key: 'freeScale', parse: flag, default: false },
    { url: 'unit', key: 'unitRows', parse: flag, default: false },
    { url: 'tscale', key: 'tableScale', parse: (t) => (TABLE_SCALES.map(String).includes(t) ? Number(t) : undefined), default: 1 },
  ],
  figures: {
    flow: {
      label: 'the whiteboard flow diagram', collapse: '.flow-table-box',
      tall: 'on a phone the diagram draws one card per token, below the step’s explanation',
    },
    flow_heads: {
      label: 'several heads in parallel (bars)', collapse: '.figure-table-box',
      tall: 'on a phone the heads’ bar charts stack, one card per head, since their labels may not shrink below 11 px',
    },
  },
  firstScreen: { figure: 'flow' },
};
