// @vitest-environment jsdom
// components/redraw-in-place.js (issue 33): a drawing made off the page changes the one on the
// page element by element; what stays is the same element, with its focus, and takes the new
// drawing's d3 data and handlers; what the new drawing lacks leaves, what it adds enters.
import { describe, expect, it } from 'vitest';
import { select } from 'd3';
import { morphInto, redrawInPlace } from '../../../web/src/components/redraw-in-place.js';

/** A list drawn from `items` the way the flow diagram is drawn: one function, new elements. */
function drawList(items, onPick) {
  const list = select(document.createElement('ul')).attr('class', 'tokens');
  items.forEach((word, j) => {
    list.append('li').datum({ word, j }).attr('data-j', j).text(word)
      .on('click', (event, d) => onPick(d));
  });
  return list.node();
}

describe('morphInto', () => {
  it('keeps the elements that stay and writes what changed', () => {
    const onPage = document.body.appendChild(drawList(['bank', 'of', 'the'], () => {}));
    const [first, second] = onPage.children;
    morphInto(onPage, drawList(['bank', 'off', 'the', 'river'], () => {}));
    expect(onPage.isConnected).toBe(true);
    expect(onPage.children[0]).toBe(first);
    expect(onPage.children[1]).toBe(second);
    expect(second.textContent).toBe('off');
    expect(Array.from(onPage.children, (li) => li.textContent)).toEqual(['bank', 'off', 'the', 'river']);
    morphInto(onPage, drawList(['bank'], () => {}));
    expect(onPage.children.length).toBe(1);
    expect(onPage.children[0]).toBe(first);
  });

  it('gives a kept element the new drawing’s data and click handler, not the old one’s', () => {
    const picked = [];
    const onPage = document.body.appendChild(drawList(['bank', 'of'], (d) => picked.push(`old ${d.word}`)));
    const kept = onPage.children[1];
    morphInto(onPage, drawList(['bank', 'river'], (d) => picked.push(`new ${d.word}`)));
    expect(onPage.children[1]).toBe(kept);
    kept.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(picked).toEqual(['new river']);
    expect(select(kept).datum()).toEqual({ word: 'river', j: 1 });
  });

  it('keeps the focus on an element that stays', () => {
    const draw = (label) => {
      const box = document.createElement('div');
      const button = box.appendChild(document.createElement('button'));
      button.textContent = label;
      return box;
    };
    const onPage = document.body.appendChild(draw('step 1'));
    onPage.firstChild.focus();
    morphInto(onPage, draw('step 2'));
    expect(document.activeElement).toBe(onPage.firstChild);
    expect(onPage.firstChild.textContent).toBe('step 2');
  });
});

describe('redrawInPlace', () => {
  /** A report drawn the old way: appended to an empty holder, with a fold and a list. */
  const report = (words) => (holder) => {
    holder.append('h3').text(`${words.length} words`);
    const fold = holder.append('details');
    fold.append('summary').text('Preview');
    fold.append('pre').text(words.join(' '));
    const list = holder.append('ul');
    for (const word of words) list.append('li').text(word);
  };

  it('draws the first time into the holder, then keeps its elements and an opened fold', () => {
    const holder = document.body.appendChild(document.createElement('div'));
    redrawInPlace(holder, report(['bank', 'of']));
    const fold = holder.querySelector('details');
    const heading = holder.querySelector('h3');
    fold.open = true; // the reader opens the preview
    redrawInPlace(holder, report(['bank', 'of', 'the', 'river']));
    expect(holder.querySelector('details')).toBe(fold);
    expect(holder.querySelector('h3')).toBe(heading);
    expect(fold.open).toBe(true);
    expect(heading.textContent).toBe('4 words');
    expect(fold.querySelector('pre').textContent).toBe('bank of the river');
    expect(holder.querySelectorAll('li').length).toBe(4);
    expect(holder.children.length).toBe(3);
  });
});
