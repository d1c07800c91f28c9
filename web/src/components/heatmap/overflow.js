// A map wider than its room scrolls sideways in its own box (the page never does): the box is
// then a named region and a Tab stop, so the keyboard can scroll it too.

// Whether it overflows is read in the next frame for every map drawn in this one: its layout is
// needed for the frame anyway, so reading it there costs nothing extra.
const overflowChecks = new Set();

export function checkOverflow(hm) {
  if (!overflowChecks.size && typeof requestAnimationFrame !== 'undefined') {
    requestAnimationFrame(() => {
      const plots = [...overflowChecks].filter((plot) => plot.isConnected);
      overflowChecks.clear();
      const scrolls = plots.map((plot) => plot.scrollWidth > plot.clientWidth + 1); // all read, then all written
      plots.forEach((plot, k) => markScrolling(plot, scrolls[k]));
    });
  }
  overflowChecks.add(hm.plot.node());
}

function markScrolling(plot, scrolls) {
  const name = plot.closest('figure')?.dataset.name ?? 'matrix';
  plot.classList.toggle('scrolls', scrolls);
  if (scrolls) {
    plot.setAttribute('tabindex', '0');
    plot.setAttribute('role', 'region');
    plot.setAttribute('aria-label', `${name}, scrolls sideways`);
  } else {
    for (const a of ['tabindex', 'role', 'aria-label']) plot.removeAttribute(a);
  }
}
