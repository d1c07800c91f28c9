// The training chapter's descriptor: what the page needs to know of it without drawing it.
import { intIn, oneOf, flag } from '../../params.js';

/** The learning rates the picker offers. */
export const LEARNING_RATES = ['0.0001', '0.001', '0.003', '0.01', '0.03', '0.1', '0.3', '1', '3', '10', '100', '1000'];

export const chapter = {
  id: 'training',
  title: 'Training the block',
  question: 'What does training W_q, W_k and W_v change?', // what the chapter answers: its line in the course map and the Next link that leads to it
  course: 'beyond', // the part of the course it belongs to (the course map groups by it)
  beyond: 'all', // not taught in Classes 04–05 (components/nav.js marks it)
  params: [
    { url: 'trin', key: 'trainInputs', parse: oneOf(['random', 'glove']), default: 'random' },
    { url: 'trtr', key: 'trainEmbeddings', parse: flag, default: false },
    { url: 'tropt', key: 'trainOptimizer', parse: oneOf(['sgd', 'adam']), default: 'adam' },
    { url: 'trlr', key: 'trainRate', parse: oneOf(LEARNING_RATES), default: '0.01' },
    { url: 'trbs', key: 'trainBatch', parse: intIn(1, 64), default: 4 },
    { url: 'trep', key: 'trainEpochs', parse: intIn(1, 200), default: 20 },
    { url: 'trset', key: 'trainSet', parse: oneOf(['full', 'eight']), default: 'full' },
    { url: 'trseed', key: 'trainSeed', parse: intIn(0, 9999), default: 0 },
    { url: 'trdk', key: 'trainDK', parse: intIn(1, 32), default: 8 },
    { url: 'trshow', key: 'trainShow', parse: intIn(0, 999), default: 0 },
  ],
};
