// The window chapter's descriptor: what the page needs to know of it without drawing it.
import { PAGE_LIMITS } from '../../limits.js';
import { intIn, oneOf, text } from '../../params.js';

export const MAX_RADIUS = 12;

export const DIRECTIONS = {
  both: 'both sides (bidirectional)',
  left: 'earlier words only (one-sided, looking back)',
  right: 'later words only (one-sided, looking ahead)',
};

/** The fields of "Images and sounds as tokens": an image and its patches, a sound and its frames, the width. */
export const MODALITY_FIELDS = [
  { key: 'modImageHeight', url: 'mih', option: 'imageHeight', label: 'image height (pixels)', def: '224', group: 'image' },
  { key: 'modImageWidth', url: 'miw', option: 'imageWidth', label: 'image width (pixels)', def: '224', group: 'image' },
  { key: 'modPatch', url: 'mp', option: 'patch', label: 'patch side (pixels)', def: '16', group: 'image' },
  { key: 'modChannels', url: 'mch', option: 'channels', label: 'channels (3 for colour)', def: '3', group: 'image' },
  { key: 'modSeconds', url: 'mas', option: 'audioSeconds', label: 'sound length (seconds)', def: '1', group: 'audio' },
  { key: 'modRate', url: 'mar', option: 'sampleRate', label: 'sample rate (per second)', def: '16000', group: 'audio' },
  { key: 'modFrame', url: 'maf', option: 'frameMs', label: 'frame length (ms)', def: '25', group: 'audio' },
  { key: 'modHop', url: 'mah', option: 'hopMs', label: 'hop between frames (ms)', def: '10', group: 'audio' },
  { key: 'modWidth', url: 'mwd', option: 'width', label: 'width d of a query and a key', def: '64', group: 'width' },
];

export const chapter = {
  id: 'window',
  title: 'Local context',
  question: 'What can a window of neighbours miss?', // what the chapter answers: its line in the course map and the Next link that leads to it
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
    // "Who, where, when?" (questions.js): its sentence and the word whose attention row is shown
    { url: 'wq', key: 'winAskSentence', parse: text(400), default: 'I am going to London' },
    { url: 'wqc', key: 'winAskCentre', parse: intIn(0, PAGE_LIMITS.maxTokens - 1), default: 2 },
    // "Images and sounds as tokens" (modalities.js): the sizes, as typed (the core checks them)
    ...MODALITY_FIELDS.map((f) => ({ url: f.url, key: f.key, parse: text(12), default: f.def })),
  ],
  firstScreen: { selector: '#window-results > .window-panel:has(#win-sentence-a)', note: false },
};
