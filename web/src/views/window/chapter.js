// The window chapter's descriptor: what the page needs to know of it without drawing it.
import { PAGE_LIMITS } from '../../limits.js';
import { intIn, oneOf, text } from '../../params.js';

export const MAX_RADIUS = 12;

export const DIRECTIONS = {
  both: 'both sides (bidirectional)',
  left: 'earlier words only (one-sided, looking back)',
  right: 'later words only (one-sided, looking ahead)',
};

export const chapter = {
  id: 'window',
  title: 'Local context',
  question: 'Why can a fixed window of neighbours miss the word a sentence needs?', // what the chapter answers: its line in the course map and the Next link that leads to it
  course: 'class04', // the part of the course it belongs to (the course map groups by it)
  params: [
    { url: 'wa', key: 'winSentenceA', parse: text(400), default: 'I am going to London' },
    { url: 'wb', key: 'winSentenceB', parse: text(400), default: 'Noa can be annoying, but she is a great cat' },
    { url: 'wca', key: 'winCentreA', parse: intIn(0, PAGE_LIMITS.maxTokens - 1), default: 2 },
    { url: 'wcb', key: 'winCentreB', parse: intIn(0, PAGE_LIMITS.maxTokens - 1), default: 9 },
    { url: 'wta', key: 'winTargetA', parse: text(40), default: 'London' },
    { url: 'wtb', key: 'winTargetB', parse: text(40), default: 'Noa' },
    { url: 'wr', key: 'winRadius', parse: intIn(0, MAX_RADIUS), default: 2 },
    { url: 'wdir', key: 'winDirection', parse: oneOf(Object.keys(DIRECTIONS)), default: 'both' },
  ],
  firstScreen: { selector: '#window-results > .window-panel:has(#win-sentence-a)', note: false },
};
