// The ids chapter's descriptor: what the page needs to know of it without drawing it.
import { intIn, text } from '../../params.js';

const DEFAULT_CORPUS = 'the dog chased the cat\nthe cat chased the dog\na dog is a loyal pet\nthe car is parked by the house';

/** The three sizes of the one-hot and embedding comparison. */
export const SIZES = [
  { key: 'repVocab', id: 'rep-vocab', label: 'vocabulary size V', min: 1, max: 50000, url: 'rv', def: 10000 },
  { key: 'repLength', id: 'rep-length', label: 'sequence length T', min: 1, max: 512, url: 'rt', def: 5 },
  { key: 'repWidth', id: 'rep-width', label: 'embedding width d', min: 1, max: 1024, url: 'rd', def: 8 },
];

export const chapter = {
  id: 'ids',
  title: 'From IDs to vectors',
  question: 'Why are IDs and one-hot rows not enough?', // what the chapter answers: its line in the course map and the Next link that leads to it
  course: 'class04', // the part of the course it belongs to (the course map groups by it)
  params: [
    { url: 'rc', key: 'repCorpus', parse: text(2000), default: DEFAULT_CORPUS },
    { url: 'rf', key: 'repFocus', parse: intIn(0, 7), default: 0 },
    { url: 'rwa', key: 'repWordA', parse: text(40), default: 'dog' },
    { url: 'rwb', key: 'repWordB', parse: text(40), default: 'car' },
    ...SIZES.map((s) => ({ url: s.url, key: s.key, parse: intIn(s.min, s.max), default: s.def })),
    // "How are word vectors learned?" (word-methods.js): the word followed, the window, fastText's n
    { url: 'rlw', key: 'repLearnWord', parse: text(40), default: 'dog' },
    { url: 'rlwin', key: 'repLearnWindow', parse: intIn(1, 10), default: 2 },
    { url: 'rln', key: 'repLearnN', parse: intIn(1, 6), default: 3 },
  ],
  // opens on its figure already: it joins the slot so the settings fold under it
  firstScreen: { selector: '#rep-ids', note: false },
};
