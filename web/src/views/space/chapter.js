// The space chapter's descriptor: what the page needs to know of it without drawing it.
import { intIn, oneOf, text } from '../../params.js';

const ROYAL = 'king queen prince princess royal throne monarch emperor empress duke duchess crown reign kingdom';

export const chapter = {
  id: 'space',
  title: 'The embedding space',
  question: 'What survives when word vectors are drawn in 2-D?', // what the chapter answers: its line in the course map and the Next link that leads to it
  course: 'class04', // the part of the course it belongs to (the course map groups by it)
  params: [
    { url: 'spd', key: 'spaceData', parse: oneOf(['glove', 'random', 'file', 'encoder', 'ctx-block', 'ctx-encoder']), default: 'glove' },
    { url: 'spn', key: 'spaceCount', parse: intIn(100, 20000), default: 5000 },
    { url: 'spm', key: 'spaceMethod', parse: oneOf(['pca', 'tsne', 'umap']), default: 'pca' },
    { url: 'spdim', key: 'spaceDim', parse: intIn(2, 3), default: 2 },
    { url: 'spw', key: 'spaceWord', parse: text(40), default: 'husband' },
    { url: 'spc', key: 'spaceColour', parse: oneOf(['rank', 'list', 'sense']), default: 'rank' },
    { url: 'spl', key: 'spaceList', parse: text(300), default: ROYAL },
    // the analogy a − b + c: king − man + woman
    { url: 'spqa', key: 'spaceA', parse: text(40), default: 'king' },
    { url: 'spqb', key: 'spaceB', parse: text(40), default: 'man' },
    { url: 'spqc', key: 'spaceC', parse: text(40), default: 'woman' },
  ],
  figures: {
    space_map: {
      label: 'the embedding space (the points projected to 2-D or 3-D)',
      tall: 'the scatter keeps a 5:4 shape at any width, with its readout and progress bar above it',
    },
  },
  // the word search stays on top, the projection under it; vectors, layout, display, colour and
  // the class's words fold under the projection
  firstScreen: { figure: 'space_map' },
};
