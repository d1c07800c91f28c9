// Steps through a diagram that is drawn once: the stepper's Previous / Play / Next and keys
// (stepper.js) move a local index, and each element marked data-reveal="k" is shown from step k
// on (earlier ones stay, later ones are faded). For the whiteboard's smaller diagrams, whose step
// need not be in the link.
import { select } from 'd3';
import { createStepper } from './stepper.js';

/**
 * @param {d3.Selection} section  holds the diagram; its keys step it
 * @param {{steps: {title: string, text: string}[], diagram: d3.Selection, before?: string}} spec
 *   diagram  the element whose [data-reveal] descendants are shown step by step
 *   before   a selector in `section` to put the controls in front of (default: at the end)
 * @returns {{show(k: number): void}}
 */
export function stepThrough(section, { steps, diagram, before }) {
  const controls = before ? section.insert('div', before) : section.append('div');
  controls.attr('class', 'step-through');
  const caption = controls.append('p').attr('class', 'step-caption').attr('aria-live', 'polite');
  const show = (k) => {
    stepper.set(k, steps.length, steps[k].title);
    caption.text(steps[k].text);
    diagram.selectAll('[data-reveal]').each(function mark() {
      const at = Number(this.dataset.reveal);
      select(this).classed('step-later', at > k).classed('step-now', at === k);
    });
  };
  const stepper = createStepper(controls.insert('div', '.step-caption'), { region: section.node(), onStep: show });
  show(0);
  return { show };
}
