// Previous / play-pause / next controls for a steppable diagram, with the keyboard on a region:
// ← and → step, Space plays or pauses, Home and End jump. Play advances every `interval` ms
// and stops at the last step. The stepper only keeps the index; the view draws.
import { select } from 'd3';

/**
 * @param {d3.Selection} parent   where the buttons go
 * @param {{region: HTMLElement, interval?: number, onStep: (index: number, how: string) => void}} spec
 * @returns {{set(index: number, count: number, label: string): void, stop(): void}}
 */
export function createStepper(parent, { region, interval = 1700, onStep }) {
  let index = 0;
  let count = 1;
  let timer = null;
  const bar = parent.append('div').attr('class', 'stepper').attr('role', 'group').attr('aria-label', 'Step through the flow');
  const prev = bar.append('button').attr('type', 'button').attr('class', 'step-prev').text('← Previous');
  const play = bar.append('button').attr('type', 'button').attr('class', 'step-play').attr('aria-pressed', 'false').text('▶ Play');
  const next = bar.append('button').attr('type', 'button').attr('class', 'step-next').text('Next →');
  const label = bar.append('span').attr('class', 'step-label');

  const go = (i, how) => {
    const clamped = Math.max(0, Math.min(count - 1, i));
    if (clamped !== index || how === 'reset') onStep(clamped, how);
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
    play.attr('aria-pressed', 'false').text('▶ Play');
  };
  const start = () => {
    if (index >= count - 1) onStep(0, 'play');
    timer = setInterval(() => {
      if (!bar.node().isConnected || index >= count - 1) return stop();
      onStep(index + 1, 'play');
      if (index >= count - 1) stop();
    }, interval);
    play.attr('aria-pressed', 'true').text('❚❚ Pause');
  };
  const toggle = () => (timer ? stop() : start());

  prev.on('click', () => { stop(); go(index - 1, 'prev'); });
  next.on('click', () => { stop(); go(index + 1, 'next'); });
  play.on('click', toggle);
  select(region).on('keydown.stepper', (event) => {
    const tag = event.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    const keys = {
      ArrowRight: () => { stop(); go(index + 1, 'next'); },
      ArrowLeft: () => { stop(); go(index - 1, 'prev'); },
      Home: () => { stop(); go(0, 'prev'); },
      End: () => { stop(); go(count - 1, 'next'); },
      ' ': toggle,
    };
    // Space on a button already clicks it; only take it over elsewhere in the region.
    if (event.key === ' ' && tag === 'BUTTON') return;
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });

  return {
    set(i, n, text) {
      index = i;
      count = n;
      // aria-disabled, not disabled: a disabled button drops the keyboard focus to the page,
      // and then ← → and Space would stop working at the first and last step.
      prev.attr('aria-disabled', String(i <= 0));
      next.attr('aria-disabled', String(i >= n - 1));
      label.text(`Step ${i + 1} of ${n}: ${text}`);
    },
    stop,
  };
}
