// The lab chapter's descriptor: what the page needs to know of it without drawing it.
export const chapter = {
  id: 'lab',
  title: 'Assignment lab',
  question: 'What changes with real word vectors?', // what the chapter answers: its line in the course map and the Next link that leads to it
  course: 'class05', // the part of the course it belongs to (the course map groups by it)
  skeletonField: 'sentence', // the state key of the sentence field shown while the core starts
  params: [],
  // the assignment's first step replaces the random table with GloVe: the lab starts there (a link
  // that says source=… and a source the learner chose elsewhere are kept; state.js defaultsFor)
  defaults: { source: 'glove' },
  // the lab records numbers: its key figure is sentence 1's attention matrix with row sums
  firstScreen: { selector: 'table.lab-attn[data-sentence="1"]', closest: '.table-scroll', name: 'sentence 1’s attn_weights and row sums' },
};
