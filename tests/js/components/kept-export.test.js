// @vitest-environment jsdom
// components/export.js keptExport: an Export menu kept in a section filled in place. Asked again
// with the same name it is the same menu, reading the new numbers; another name makes a new one.
import { describe, expect, it, vi } from 'vitest';
import { figureTests, holder } from './figure-setup.js';

figureTests();
const { keptExport } = await import('../../../web/src/components/export.js');

const matrix = (value) => ({ name: 'w', rows: 1, cols: 2, data: Float64Array.from([value, value]) });

describe('keptExport', () => {
  it('keeps its menu and open state for the same name, and is made again for another', async () => {
    const parent = holder();
    const menu = keptExport(parent, { name: 'head1_weights', matrices: [matrix(1)] });
    menu.open = true;
    expect(keptExport(parent, { name: 'head1_weights', matrices: [matrix(2)] })).toBe(menu);
    expect(menu.open).toBe(true);
    expect(parent.querySelectorAll('.export-menu')).toHaveLength(1);
    // its JSON holds the numbers of the last call
    const blobs = [];
    URL.createObjectURL ??= () => '';
    URL.revokeObjectURL ??= () => {};
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => { blobs.push(blob); return 'blob:test'; });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    menu.querySelector('button[data-format="json"]').click();
    const json = await new Promise((ok) => { const reader = new FileReader(); reader.onload = () => ok(reader.result); reader.readAsText(blobs[0]); });
    expect(json).toMatch(/\[\s*2,\s*2\s*\]|"data":\s*\[\s*\[?\s*2/);
    const other = keptExport(parent, { name: 'flow_y2', matrices: [matrix(3)] });
    expect(other).not.toBe(menu);
    expect(menu.isConnected).toBe(false);
    expect(parent.querySelectorAll('.export-menu')).toHaveLength(1);
    expect(other.dataset.export).toMatch(/flow_y2/);
  });
});
