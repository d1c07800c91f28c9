// The bank chapter's descriptor: what the page needs to know of it without drawing it.
export const chapter = {
  id: 'bank',
  title: 'The bank experiment',
  question: 'Does a word’s output change with its sentence?', // what the chapter answers: its line in the course map and the Next link that leads to it
  course: 'class05', // the part of the course it belongs to (the course map groups by it)
  skeletonField: 'sentence', // the state key of the sentence field shown while the core starts
  params: [],
  figures: {
    bank_cosines: {
      // the notes' eight bars; the bars of every other word follow in a disclosure, closed here
      label: 'the bank experiment’s cosines (bar chart)', collapse: '.figure-table-box, .bank-words',
    },
  },
  firstScreen: { figure: 'bank_cosines' },
};
