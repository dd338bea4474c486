/**
 * Test support (`@asks1/shared/testing`): a tiny BERT-shaped model GENERATED here, nothing
 * downloaded, so tests run transformers.js's real loading, WordPiece tokenising, mean pooling and
 * normalising code on a real ONNX graph through onnxruntime-node.
 *
 * The model is an int8 embedding table behind DequantizeLinear + Gather: last_hidden_state[b, t] =
 * E[input_ids[b, t]]. Mean pooling then makes a text's vector the (normalised) average of its token
 * rows, i.e. a bag of words. Rows are built so that the bag means something:
 *   - each word's row is the sum of hashed random vectors of its character trigrams, so words that
 *     share a stem ("vote", "voting", "votes") point the same way;
 *   - stop words and [CLS]/[SEP] get near-zero rows, so content words decide the direction.
 * Deterministic: the same generator version always writes byte-identical files.
 *
 * Only tests use this (its generator needs the `onnx-proto` devDependency). One file, though long:
 * vocabulary, rows and the ONNX graph are one generator, versioned together by GENERATOR_VERSION.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

/** Bump when the generated files change, so cached copies are rebuilt. */
const GENERATOR_VERSION = 2
export const TEST_MODEL = 'asks1/tiny-bert-test'
export const TEST_MODEL_DIM = 64

const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]']

const STOP =
  `a about after all also an and any are as at be been but by can could did do does for from had has
have he her his how i if in into is it its may more most no not of on or other our out so some such than that
the their them then there these they this those through to under up was we were what when where which while
who whom why will with would you your`.split(/\s+/)

/**
 * Words of filings and of the tests' questions. Anything else falls back to single-character
 * pieces, which still works (every character is in the vocabulary) but carries less meaning.
 */
const WORDS =
  `company companies business revenue revenues income net loss losses profit growth grew increase decrease
million billion thousand percent share shares stock stockholders shareholders holders class common preferred
voting vote votes voted control controlled controls founder founders chief executive officer ceo board directors
director trust benefit long term public offering ipo underwriters price proceeds use dividend dividends policy
risk risks factors competition competitors regulation regulatory government law laws legal proceedings privacy
data security users user daily active monthly people advertising advertisers ads marketing mobile products
product platform network social media technology technologies software cloud services service customers customer
retention rate rates dollar based expansion employees employee headcount office offices space lease leases leased
headquarters facilities facility center centers properties property real estate located location california
san francisco menlo park new york city capital cash flow flows operating operations investing financing debt
credit facility interest expense expenses cost costs research development sales general administrative tax taxes
accounting financial statements audit auditor quarter quarterly year years annual fiscal ended december june march
september results report reported compensation salary bonus equity award awards options restricted units rsus
dilution dilutive book value per earnings supervoting majority minority agreement agreements acquisition acquired
merger partners partnership international europe asia countries market markets industry model models artificial
intelligence safety research lab labs compute chips rockets launch launches satellite satellites starlink
subscribers internet broadband space station program programs engine engines reusable orbit mission missions
pages page filing prospectus summary table contents management discussion analysis condition`
    .split(/\s+/)
    .filter(Boolean)

const CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789'
const PUNCT = `.,;:!?'"()[]{}-_%$&/\\*+=<>@#~\``

/** The vocabulary in id order: specials, whole words, single characters, ##-continuations. */
export function testVocabulary(): string[] {
  const vocab = [...SPECIAL]
  const seen = new Set(vocab)
  const add = (t: string) => {
    if (!seen.has(t)) {
      seen.add(t)
      vocab.push(t)
    }
  }
  for (const w of [...STOP, ...WORDS]) add(w)
  for (const c of CHARS + PUNCT) add(c)
  for (const c of CHARS) add(`##${c}`)
  return vocab
}

/** A deterministic pseudo-random unit-ish vector for a string (SHA-256 as the seed stream). */
function hashedVector(key: string, dim: number): Float32Array {
  const v = new Float32Array(dim)
  let block = 0
  let bytes = Buffer.alloc(0)
  for (let i = 0; i < dim; i++) {
    if ((i * 2) % 32 === 0) bytes = createHash('sha256').update(`${key}#${block++}`).digest()
    const u = bytes.readUInt16LE((i * 2) % 32) / 65535
    v[i] = u * 2 - 1
  }
  return v
}

/** The embedding row of one token (see the module comment). */
export function tokenRow(token: string, dim: number): Float32Array {
  const row = new Float32Array(dim)
  if (SPECIAL.includes(token)) return row
  const word = token.replace(/^##/, '')
  const padded = `<${word}>`
  const grams =
    padded.length <= 3
      ? [padded]
      : Array.from({ length: padded.length - 2 }, (_, i) => padded.slice(i, i + 3))
  for (const g of grams) {
    const h = hashedVector(g, dim)
    for (let i = 0; i < dim; i++) row[i] = (row[i] as number) + (h[i] as number)
  }
  const norm = Math.hypot(...row) || 1
  // Stop words and continuation pieces count for little; whole content words dominate the mean.
  const weight = STOP.includes(word) ? 0.05 : token.startsWith('##') || word.length === 1 ? 0.3 : 1
  for (let i = 0; i < dim; i++) row[i] = ((row[i] as number) / norm) * weight
  return row
}

function tokenizerJson(vocab: string[]): object {
  const id = (t: string) => vocab.indexOf(t)
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [id('[CLS]')], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [id('[SEP]')], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((t, i) => [t, i])),
    },
  }
}

/** The ONNX graph: int8 table → DequantizeLinear → Gather(input_ids) = last_hidden_state. */
function onnxModel(vocab: string[], dim: number): Uint8Array {
  const require = createRequire(import.meta.url)
  const { onnx } = require('onnx-proto') as typeof import('onnx-proto')
  const table = new Float32Array(vocab.length * dim)
  vocab.forEach((t, i) => {
    table.set(tokenRow(t, dim), i * dim)
  })
  let maxAbs = 0
  for (const x of table) maxAbs = Math.max(maxAbs, Math.abs(x))
  const scale = maxAbs / 127
  const q = Int8Array.from(table, (x) => Math.round(x / scale))
  const INT64 = onnx.TensorProto.DataType.INT64
  const seqInput = (name: string) =>
    onnx.ValueInfoProto.create({
      name,
      type: {
        tensorType: {
          elemType: INT64,
          shape: { dim: [{ dimParam: 'batch_size' }, { dimParam: 'sequence_length' }] },
        },
      },
    })
  const graph = onnx.GraphProto.create({
    name: 'tiny_bert_embedding_lookup',
    initializer: [
      onnx.TensorProto.create({
        name: 'embeddings.word_embeddings.weight_quantized',
        dataType: onnx.TensorProto.DataType.INT8,
        dims: [vocab.length, dim],
        rawData: new Uint8Array(q.buffer),
      }),
      onnx.TensorProto.create({
        name: 'scale',
        dataType: onnx.TensorProto.DataType.FLOAT,
        dims: [],
        floatData: [scale],
      }),
      onnx.TensorProto.create({
        name: 'zero_point',
        dataType: onnx.TensorProto.DataType.INT8,
        dims: [],
        rawData: new Uint8Array([0]),
      }),
    ],
    node: [
      onnx.NodeProto.create({
        name: 'dequantize',
        opType: 'DequantizeLinear',
        input: ['embeddings.word_embeddings.weight_quantized', 'scale', 'zero_point'],
        output: ['embeddings.word_embeddings.weight'],
      }),
      onnx.NodeProto.create({
        name: 'lookup',
        opType: 'Gather',
        input: ['embeddings.word_embeddings.weight', 'input_ids'],
        output: ['last_hidden_state'],
        attribute: [
          onnx.AttributeProto.create({ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }),
        ],
      }),
    ],
    // BERT's three inputs, as transformers.js feeds them; only input_ids is used (mask and types
    // matter to mean pooling, which transformers.js does outside the graph).
    input: [seqInput('input_ids'), seqInput('attention_mask'), seqInput('token_type_ids')],
    output: [
      onnx.ValueInfoProto.create({
        name: 'last_hidden_state',
        type: {
          tensorType: {
            elemType: onnx.TensorProto.DataType.FLOAT,
            shape: { dim: [{ dimParam: 'batch_size' }, { dimParam: 'sequence_length' }, { dimValue: dim }] },
          },
        },
      }),
    ],
  })
  const model = onnx.ModelProto.create({
    irVersion: 7,
    producerName: 'asks1-test-model',
    producerVersion: String(GENERATOR_VERSION),
    opsetImport: [{ domain: '', version: 13 }],
    graph,
  })
  return onnx.ModelProto.encode(model).finish()
}

/** Writes the model directory (`config.json`, tokenizer files, `onnx/model_quantized.onnx`). */
export function writeTestModel(modelDir: string, dim = TEST_MODEL_DIM): void {
  const vocab = testVocabulary()
  mkdirSync(join(modelDir, 'onnx'), { recursive: true })
  const json = (name: string, value: object) =>
    writeFileSync(join(modelDir, name), `${JSON.stringify(value, null, 1)}\n`)
  json('config.json', {
    _comment:
      'Generated by @asks1/shared/testing: an embedding-lookup stand-in for a BERT encoder, for tests only',
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: dim,
    num_hidden_layers: 0,
    num_attention_heads: 1,
    intermediate_size: dim,
    max_position_embeddings: 512,
    type_vocab_size: 2,
    vocab_size: vocab.length,
    pad_token_id: 0,
  })
  json('tokenizer.json', tokenizerJson(vocab))
  json('tokenizer_config.json', {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: 512,
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    mask_token: '[MASK]',
    clean_up_tokenization_spaces: true,
  })
  writeFileSync(join(modelDir, 'onnx', 'model_quantized.onnx'), onnxModel(vocab, dim))
}

function cacheRoot(): string {
  // node_modules/.cache is where tools keep rebuildable caches; fall back to the OS temp dir.
  const shared = resolve(import.meta.dirname, '..')
  const nm = join(shared, 'node_modules')
  return existsSync(nm) ? join(nm, '.cache', 'asks1-test-model') : join(tmpdir(), 'asks1-test-model')
}

export interface TestModel {
  /** Use as MODELS_DIR. */
  modelsDir: string
  /** Use as EMBEDDING_MODEL. */
  model: string
  dim: number
}

/**
 * Builds the tiny test model once (per generator version) and returns where it is. Safe to call
 * from parallel test workers: each builds into its own temp dir and renames it into place.
 */
export async function ensureTestModel(): Promise<TestModel> {
  const modelsDir = join(cacheRoot(), `v${GENERATOR_VERSION}-d${TEST_MODEL_DIM}`)
  const modelDir = join(modelsDir, TEST_MODEL)
  const done = join(modelDir, 'onnx', 'model_quantized.onnx')
  if (!existsSync(done)) {
    const tmp = `${modelDir}.tmp-${process.pid}-${Date.now()}`
    writeTestModel(tmp)
    mkdirSync(dirname(modelDir), { recursive: true })
    try {
      renameSync(tmp, modelDir)
    } catch (err) {
      // Another worker won the race; its copy is identical.
      rmSync(tmp, { recursive: true, force: true })
      if (!existsSync(done)) throw err
    }
  }
  const config = JSON.parse(readFileSync(join(modelDir, 'config.json'), 'utf8')) as { hidden_size: number }
  return { modelsDir, model: TEST_MODEL, dim: config.hidden_size }
}
