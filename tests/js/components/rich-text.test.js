// @vitest-environment jsdom
// components/rich-text.js: paragraphs of pieces (text, {value}, {code}) written in place. A
// piece that stays at its place and kind keeps its element with the new text; one that changes
// kind is a new element; paragraphs and pieces past the new end leave.
import { describe, expect, it } from 'vitest';
import { select } from 'd3';
import { figureTests, holder } from './figure-setup.js';

figureTests();
const { writeParagraphs } = await import('../../../web/src/components/rich-text.js');

describe('writeParagraphs', () => {
  it('writes text, numbers and code, and keeps the elements of pieces that stay', () => {
    const root = select(holder());
    writeParagraphs(root, [['a₁₁ = ', { value: 0.5 }, ', see ', { code: 'softmax' }], ['second']]);
    const p = root.node().querySelector('p');
    const [span, b, , code] = p.children;
    expect(b.tagName).toBe('B');
    expect(b.className).toBe('num');
    expect(b.dataset.value).not.toBe('');
    expect(code.textContent).toBe('softmax');
    expect(root.node().querySelectorAll('p')).toHaveLength(2);

    writeParagraphs(root, [['a₁₁ = ', { value: 0.25 }, ', no code: ', 'text now']]);
    expect(root.node().querySelector('p')).toBe(p);
    expect(p.children[0]).toBe(span);
    expect(p.children[1]).toBe(b);
    expect(Number(b.dataset.value)).toBe(0.25);
    expect(p.children[3].tagName).toBe('SPAN'); // the code piece became text: a new element
    expect(code.isConnected).toBe(false);
    expect(root.node().querySelectorAll('p')).toHaveLength(1);
    expect(p.textContent).toMatch(/^a₁₁ = 0\.25(00)?, no code: text now$/);
  });
});
