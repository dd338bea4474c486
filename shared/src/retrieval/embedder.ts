/**
 * The ONE embedder that ingest and query both call: all-MiniLM-L6-v2 (384-d, mean pooling,
 * L2-normalised) through transformers.js, quantized ONNX, loaded from `MODELS_DIR/<EMBEDDING_MODEL>`.
 *
 * Windows: MiniLM reads at most 256 word pieces (about 190 words) and ignores the rest, so a
 * 400-word chunk is embedded as overlapping windows of whole words, each at most 254 word pieces
 * (+ [CLS] and [SEP]); consecutive windows share about a quarter of their words. Every window gets
 * its own vector and the store scores a chunk by its best window, so a fact at word 350 is as
 * visible to dense search as one at word 10. Word-piece counts are exact: BERT's pre-tokenizer splits
 * on whitespace before WordPiece, so a word's pieces do not depend on its neighbours.
 *
 * No model on disk (and remote loading off): `status: 'missing'`, one warning, keyword-only
 * retrieval. Nothing is ever downloaded unless ALLOW_REMOTE_MODELS is set (or `pnpm models:fetch`).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { BaseConfig } from '../config'

export interface Embedder {
  /** 'ready': model loaded; 'missing': no model found, retrieval is keyword-only. */
  readonly status: 'ready' | 'missing'
  readonly model: string | null
  /** Dense vector size, null when missing. */
  readonly dim: number | null
  /** Why the model is missing, for the readiness report and the start-up warning. */
  readonly reason?: string
  /**
   * Vectors of documents' tag-free texts, batched: for each text, one vector per window that fits
   * the model's input.
   */
  embedDocuments(texts: string[]): Promise<Float32Array[][]>
  /** Vector of a question. */
  embedQuery(text: string): Promise<Float32Array>
}

/** MiniLM's trained input length (sentence-transformers `max_seq_length`), special tokens included. */
export const MAX_TOKENS = 256
/** Word pieces per window: MAX_TOKENS minus [CLS] and [SEP]. */
export const WINDOW_PIECES = MAX_TOKENS - 2
/** Windows per forward pass. */
export const BATCH_SIZE = 16

/** The files transformers.js reads for a quantized feature-extraction model. */
export const MODEL_FILES = [
  'config.json',
  'tokenizer.json',
  'tokenizer_config.json',
  'onnx/model_quantized.onnx',
]

export interface LoadEmbedderOptions {
  /** Where the one start-up line goes (a warning when the model is missing). Default: stderr. */
  log?: (msg: string) => void
}

/**
 * Splits words into windows of at most `maxPieces` word pieces, consecutive windows overlapping by
 * about a quarter of their words. Pure: `pieces[i]` is the word-piece count of word i. A single word
 * longer than `maxPieces` gets a window of its own (the tokenizer truncates it).
 */
export function planWindows(pieces: readonly number[], maxPieces = WINDOW_PIECES): Array<[number, number]> {
  const windows: Array<[number, number]> = []
  let start = 0
  while (start < pieces.length) {
    let end = start
    let used = 0
    while (end < pieces.length && (end === start || used + (pieces[end] as number) <= maxPieces)) {
      used += pieces[end] as number
      end++
    }
    windows.push([start, end])
    if (end >= pieces.length) break
    start = Math.max(start + 1, end - Math.floor((end - start) / 4))
  }
  return windows
}

/** A missing embedder: keyword-only retrieval. */
export function missingEmbedder(reason: string, model: string | null = null): Embedder {
  const fail = async (): Promise<never> => {
    throw new Error(`No embedding model: ${reason}`)
  }
  return { status: 'missing', model, dim: null, reason, embedDocuments: fail, embedQuery: fail }
}

type Extractor = Awaited<ReturnType<typeof import('@huggingface/transformers')['pipeline']>> & {
  tokenizer: {
    model_max_length: number
    encode(text: string, opts?: { add_special_tokens?: boolean }): number[]
  }
  model: { config: { hidden_size?: number } }
}

class TransformersEmbedder implements Embedder {
  readonly status = 'ready' as const
  private readonly pieceCache = new Map<string, number>()

  constructor(
    private readonly extractor: Extractor,
    readonly model: string,
    readonly dim: number,
  ) {}

  private piecesOf(word: string): number {
    let n = this.pieceCache.get(word)
    if (n === undefined) {
      n = this.extractor.tokenizer.encode(word, { add_special_tokens: false }).length
      if (this.pieceCache.size > 200_000) this.pieceCache.clear()
      this.pieceCache.set(word, n)
    }
    return n
  }

  /** The window texts of one document. */
  windows(text: string): string[] {
    const words = text.split(/\s+/).filter(Boolean)
    if (words.length === 0) return ['']
    return planWindows(words.map((w) => this.piecesOf(w))).map(([s, e]) => words.slice(s, e).join(' '))
  }

  private async run(texts: string[]): Promise<Float32Array[]> {
    const out = await (
      this.extractor as unknown as (t: string[], o: object) => Promise<{ data: Float32Array; dims: number[] }>
    )(texts, { pooling: 'mean', normalize: true })
    const dim = out.dims[out.dims.length - 1] as number
    return texts.map((_, i) => out.data.slice(i * dim, (i + 1) * dim))
  }

  async embedDocuments(texts: string[]): Promise<Float32Array[][]> {
    // Flatten every window, embed in batches of similar length (less padding), then regroup.
    const items: { doc: number; text: string; size: number }[] = []
    texts.forEach((t, doc) => {
      for (const w of this.windows(t)) items.push({ doc, text: w, size: w.length })
    })
    const order = items.map((_, i) => i).sort((a, b) => (items[a]?.size ?? 0) - (items[b]?.size ?? 0))
    const vectors: Float32Array[] = new Array(items.length)
    for (let b = 0; b < order.length; b += BATCH_SIZE) {
      const batch = order.slice(b, b + BATCH_SIZE)
      const vs = await this.run(batch.map((i) => items[i]?.text ?? ''))
      batch.forEach((i, j) => {
        vectors[i] = vs[j] as Float32Array
      })
    }
    const result: Float32Array[][] = texts.map(() => [])
    items.forEach((it, i) => {
      result[it.doc]?.push(vectors[i] as Float32Array)
    })
    return result
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const [v] = await this.run([text])
    return v as Float32Array
  }
}

const defaultLog = (msg: string) => {
  process.stderr.write(`${msg}\n`)
}

/**
 * Loads the configured model once. Never throws: a missing or unloadable model gives a
 * `status: 'missing'` embedder and one warning through `opts.log`.
 */
export async function loadEmbedder(config: BaseConfig, opts: LoadEmbedderOptions = {}): Promise<Embedder> {
  const log = opts.log ?? defaultLog
  const model = config.EMBEDDING_MODEL
  const dir = join(config.MODELS_DIR, model)
  const absent = MODEL_FILES.filter((f) => !existsSync(join(dir, f)))
  if (absent.length > 0 && !config.ALLOW_REMOTE_MODELS) {
    const reason = `embedding model not found at ${dir} (missing ${absent.join(', ')}); run \`pnpm models:fetch\` to download it`
    log(`WARNING: ${reason}. Retrieval is keyword-only (BM25) until then.`)
    return missingEmbedder(reason, model)
  }
  try {
    const extractor = await createExtractor(config)
    extractor.tokenizer.model_max_length = MAX_TOKENS
    const dim = (
      await (extractor as unknown as (t: string[], o: object) => Promise<{ dims: number[] }>)(
        ['dimension probe'],
        {
          pooling: 'mean',
          normalize: true,
        },
      )
    ).dims.at(-1) as number
    return new TransformersEmbedder(extractor, model, dim)
  } catch (err) {
    const reason = `embedding model ${model} could not be loaded from ${dir}: ${(err as Error).message}`
    log(`WARNING: ${reason}. Retrieval is keyword-only (BM25).`)
    return missingEmbedder(reason, model)
  }
}

/**
 * The transformers.js feature-extraction pipeline for `config`, with the library's global `env`
 * pointed at MODELS_DIR. Remote loading is on only when ALLOW_REMOTE_MODELS is, and then downloads
 * land in MODELS_DIR too (same `<model>/<file>` layout), so the next start loads them locally.
 */
export async function createExtractor(
  config: BaseConfig,
  progress?: (event: { status: string; file?: string; loaded?: number; total?: number }) => void,
): Promise<Extractor> {
  const { env, pipeline } = await import('@huggingface/transformers')
  env.allowLocalModels = true
  env.localModelPath = config.MODELS_DIR.endsWith('/') ? config.MODELS_DIR : `${config.MODELS_DIR}/`
  env.allowRemoteModels = config.ALLOW_REMOTE_MODELS
  env.cacheDir = config.MODELS_DIR
  env.useFSCache = config.ALLOW_REMOTE_MODELS
  return (await pipeline('feature-extraction', config.EMBEDDING_MODEL, {
    dtype: 'q8',
    device: 'cpu',
    ...(progress ? { progress_callback: progress as never } : {}),
  })) as unknown as Extractor
}
