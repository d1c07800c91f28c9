// A chapter's own defaults for shared settings (the lab starts on GloVe, as the assignment does):
// read from a link, left out of a link, and followed when the learner moves between chapters.
import { describe, it, expect } from 'vitest';
import { stateFromQuery, queryFromState, patchedState, defaultsFor, DEFAULT_STATE } from '../../web/src/state.js';

describe('view defaults', () => {
  it('the lab defaults to GloVe; the other chapters keep the notebook table', () => {
    expect(defaultsFor('lab').source).toBe('glove');
    expect(defaultsFor('qkv').source).toBe('numpy');
    expect(stateFromQuery('?view=lab').state.source).toBe('glove');
    expect(stateFromQuery('?view=bank').state.source).toBe('numpy');
  });

  it('a link that names the source keeps it, and a default source is left out of the link', () => {
    expect(stateFromQuery('?view=lab&source=numpy').state.source).toBe('numpy');
    expect(queryFromState(stateFromQuery('?view=lab').state)).toBe('?view=lab');
    expect(queryFromState({ ...DEFAULT_STATE, view: 'lab', source: 'numpy' })).toBe('?view=lab&source=numpy');
    for (const q of ['?view=lab', '?view=lab&source=numpy', '?view=lab&source=file', '?view=qkv&source=glove']) {
      const { state } = stateFromQuery(q);
      expect(stateFromQuery(queryFromState(state)).state).toEqual(state);
    }
  });

  it('moving into the lab switches an untouched source to GloVe, and back out again; a chosen one stays', () => {
    const start = stateFromQuery('').state;
    const lab = patchedState(start, { view: 'lab' });
    expect(lab.source).toBe('glove');
    expect(patchedState(lab, { view: 'qkv' }).source).toBe('numpy');
    const torch = patchedState(start, { source: 'torch' });
    expect(patchedState(torch, { view: 'lab' }).source).toBe('torch');
    expect(patchedState(start, { view: 'lab', source: 'onehot' }).source).toBe('onehot');
    expect(patchedState(patchedState(lab, { source: 'file' }), { view: 'bank' }).source).toBe('file');
  });
});
