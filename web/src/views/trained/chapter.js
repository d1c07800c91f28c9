// The trained chapter's descriptor: what the page needs to know of it without drawing it.
import { intIn, flag, text } from '../../params.js';

export const chapter = {
  id: 'trained',
  title: 'A trained encoder',
  question: 'What does a trained encoder attend to?', // what the chapter answers: its line in the course map and the Next link that leads to it
  course: 'beyond', // the part of the course it belongs to (the course map groups by it)
  beyond: 'all', // not taught in Classes 04–05 (components/nav.js marks it)
  params: [
    { url: 'ts', key: 'trainedSentence', parse: text(500), default: 'The bank of the river is muddy today.' },
    { url: 'ts2', key: 'trainedSentence2', parse: text(500), default: 'I have money in my bank account.' },
    { url: 'tc', key: 'trainedControl', parse: text(500), default: 'They fished from the bank of the stream.' },
    { url: 'tt', key: 'trainedTarget', parse: text(64), default: 'bank' },
    { url: 'layer', key: 'trainedLayer', parse: intIn(1, 2), default: 2 },
    { url: 'tshow', key: 'trainedShow', parse: intIn(1, 3), default: 1 },
    // Set once the model was loaded, so a shared link points at the load button; it never
    // starts the 7 MB download by itself.
    { url: 'load', key: 'trainedLoad', parse: flag, default: false },
  ],
  figures: {
    trained_heads: {
      label: 'the four heads of a trained encoder', keep: '.model-loader',
      missing: 'The four heads are drawn once the trained model is loaded (the button above; about 7 MB, once).',
      tall: 'four heatmaps, one per head, each as wide as the sentence has subword tokens',
    },
  },
  // under the Load button, which its text calls "the button above"; once the model is loaded the
  // block is drawn last, "for comparison", and moving it up would put it before the trained heads
  firstScreen: {
    selector: '#trained-results > .untrained-block:first-child', note: false, after: '.model-loader',
    staleWhen: (viewRoot) => Boolean(viewRoot.querySelector('#trained-results > .untrained-block')),
  },
};
