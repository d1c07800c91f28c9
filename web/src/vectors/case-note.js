// What a vector table holds that matters when words are matched (capitals, single letters,
// numbers), said of the table in use. The core's note gives the lookup rule only: it sees just
// the rows a sentence needs, while these facts are about the whole table (its reading summary).

/** The bundled subset's facts (tests/js/vectors.test.js checks them against the pack). */
export const GLOVE_FACTS = 'The bundled GloVe subset has only lowercase words, no single-letter words such as “a” or “i”, and no numbers.';

/** The facts of the table for `source` ('glove', 'file'); empty when nothing is known. */
export function tableCaseFacts(source, table) {
  if (source === 'glove') return GLOVE_FACTS;
  const lowercaseOnly = table?.summary?.lowercaseOnly;
  if (source !== 'file' || lowercaseOnly === undefined) return '';
  const name = table.fileName ? `Your file “${table.fileName}”` : 'Your file';
  return lowercaseOnly
    ? `${name} has only lowercase words, so capitals in a sentence change nothing.`
    : `${name} keeps capitals: a word missing in lowercase is looked up as typed.`;
}

/** The core's rule and the table's facts, as one note. */
export function caseNoteText(rule, source, table) {
  return [rule, tableCaseFacts(source, table)].filter(Boolean).join(' ');
}
