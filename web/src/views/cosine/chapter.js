// The cosine chapter's descriptor: what the page needs to know of it without drawing it.
import { text } from '../../params.js';

export const chapter = {
  id: 'cosine',
  title: 'Dot product and cosine',
  question: 'How alike are two vectors?', // what the chapter answers: its line in the course map and the Next link that leads to it
  course: 'class04', // the part of the course it belongs to (the course map groups by it)
  params: [
    { url: 'va', key: 'vecA', parse: text(400), default: '2, 1' },
    { url: 'vb', key: 'vecB', parse: text(400), default: '1, 2' },
  ],
  firstScreen: { selector: '#cosine-results', note: false },
};
