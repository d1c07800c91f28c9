// The sentence a chapter computes on: a labelled text field that updates as the learner types,
// with a row of examples to try. Each view used to build its own; this is the one shape.

/**
 * A row of "Try:" buttons; each calls its own `pick`.
 * @param {d3.Selection} parent
 * @param {{label: string, pick: () => void}[]} examples
 */
export function examplesRow(parent, examples) {
  const row = parent.append('div').attr('class', 'examples');
  row.append('span').text('Try: ');
  for (const { label, pick } of examples) {
    row.append('button').attr('type', 'button').attr('class', 'example').text(label).on('click', pick);
  }
  return row;
}

/**
 * @param {d3.Selection} form
 * @param {{id: string, stateKey: string, value: string, maxLength: number, examples?: string[],
 *          onChange: (patch: object, options?: object) => void, name?: string}} spec
 *   stateKey  the state key the field edits (data-state-key: Back and Forward put it back)
 *   onChange  the view's update(): each keystroke as typing, an example as a plain change
 * @returns {d3.Selection} the field's row
 */
export function sentenceField(form, { id, stateKey, value, maxLength, examples = [], onChange, name = null }) {
  const row = form.append('div').attr('class', 'control sentence');
  row.append('label').attr('for', id).text('Sentence');
  const input = row.append('input').attr('id', id).attr('name', name).attr('type', 'text')
    .attr('autocomplete', 'off').attr('spellcheck', 'false').attr('maxlength', maxLength)
    .attr('data-state-key', stateKey).property('value', value)
    .on('input', (e) => onChange({ [stateKey]: e.target.value }, { typing: true }));
  if (examples.length) {
    examplesRow(row, examples.map((example) => ({
      label: example,
      pick: () => {
        input.property('value', example);
        onChange({ [stateKey]: example });
      },
    })));
  }
  return row;
}
