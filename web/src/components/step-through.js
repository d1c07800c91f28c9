// Steps through a diagram that is drawn once: the stepper's Previous / Play / Next and keys
// (stepper.js) move a local index, and each element marked data-reveal="k" is shown from step k
// on (earlier ones stay, later ones are faded). For the whiteboard's smaller diagrams, whose step
// need not be in the link.
import { select } from 'd3';
import { createStepper } from './stepper.js';

/**
 * @param {d3.Selection} section  holds the diagram; its keys step it
 * @param {{steps: {title: string, text: string}[], diagram: d3.Selection, before?: string, start?: number}} spec
 *   diagram  the element whose [data-reveal] descendants are shown step by step
 *   before   a selector in `section` to put the controls in front of (default: at the end)
 *   start    the step shown first (a diagram redrawn for a new width keeps its step)
 * @returns {{show(k: number): void, step(): number, setSteps(steps: object[]): void}}
 */
export function stepThrough(section, { steps: firstSteps, diagram, before, start = 0 }) {
  let steps = firstSteps;
  const controls = before ? section.insert('div', before) : section.append('div');
  controls.attr('class', 'step-through');
  const caption = controls.append('p').attr('class', 'step-caption').attr('aria-live', 'polite');
  let current = 0;
  const show = (k) => {
    current = k;
    stepper.set(k, steps.length, steps[k].title);
    caption.text(steps[k].text);
    diagram.selectAll('[data-reveal]').each(function mark() {
      const at = Number(this.dataset.reveal);
      select(this).classed('step-later', at > k).classed('step-now', at === k);
    });
  };
  const stepper = createStepper(controls.insert('div', '.step-caption'), { region: section.node(), onStep: show });
  show(Math.min(Math.max(start, 0), steps.length - 1));
  // new texts for the same steps (the diagram was changed in place): the reader stays on their step
  const setSteps = (next) => {
    steps = next;
    show(Math.min(current, steps.length - 1));
  };
  return { show, step: () => current, setSteps };
}
