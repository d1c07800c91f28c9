// Parsers for URL parameters. Each returns the parsed value, or undefined to reject the text
// (the page then ignores it and says so). Nothing from a URL reaches the page any other way.

/** A whole number in [lo, hi], written in plain digits. */
export function intIn(lo, hi) {
  return (text) => {
    if (!/^\d{1,10}$/.test(text)) return undefined;
    const n = Number(text);
    return n >= lo && n <= hi ? n : undefined;
  };
}

/** 1/true or 0/false. */
export function flag(text) {
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  return undefined;
}

/** One of a fixed list of words. */
export function oneOf(values) {
  return (text) => (values.includes(text) ? text : undefined);
}

/**
 * Free text, cut to `n` characters (UTF-16 units). It is only ever set as text content, never as
 * HTML. A cut never splits a surrogate pair: half an emoji cannot be written back into a link
 * (it would come back as U+FFFD), so the shared link would not hold what the page shows.
 */
export function text(n) {
  return (value) => {
    const cut = value.slice(0, n);
    return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
  };
}

/** A matrix cell "i,j" with both indices below `n`, kept as that text. */
export function cellIndex(n) {
  return (value) => {
    const m = /^(\d{1,4}),(\d{1,4})$/.exec(value);
    return m && Number(m[1]) < n && Number(m[2]) < n ? `${Number(m[1])},${Number(m[2])}` : undefined;
  };
}
