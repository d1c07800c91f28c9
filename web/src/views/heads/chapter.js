// The heads chapter's descriptor: what the page needs to know of it without drawing it.
import { intIn, text } from '../../params.js';

export const chapter = {
  id: 'heads',
  title: 'PyTorch and multi-head',
  question: 'How does multi-head attention split the work?', // what the chapter answers: its line in the course map and the Next link that leads to it
  course: 'class05', // the part of the course it belongs to (the course map groups by it)
  skeletonField: 'headsSentence1', // the state key of the sentence field shown while the core starts
  // Class 05 showed a one-head nn.MultiheadAttention and left splitting, concatenation and W_o
  // for a later class: sections 1–3 go beyond it (components/nav.js marks them).
  beyond: 'part',
  params: [
    { url: 'hs1', key: 'headsSentence1', parse: text(400), default: 'bank of the river' },
    { url: 'hs2', key: 'headsSentence2', parse: text(400), default: 'bank account has money' },
    { url: 'hd', key: 'headsDModel', parse: intIn(2, 64), default: 8 },
    { url: 'hh', key: 'headsCount', parse: intIn(1, 64), default: 2 },
    { url: 'hseed', key: 'headsSeed', parse: intIn(0, 2 ** 31 - 1), default: 0 },
    { url: 'hb', key: 'headsItem', parse: intIn(0, 1), default: 0 },
    { url: 'hsel', key: 'headsSelected', parse: intIn(0, 63), default: 0 },
  ],
  // its first section (the batch pick is all that comes before it): no link is left behind
  firstScreen: { selector: '#heads-per', name: 'the per-head attention weights', note: false },
};
