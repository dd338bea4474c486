/**
 * `pnpm models:fetch [--host <url>]`: downloads the embedding model (EMBEDDING_MODEL, default
 * Xenova/all-MiniLM-L6-v2, quantized ONNX) from the Hugging Face Hub (or a mirror given by --host)
 * into MODELS_DIR, the one place the server and ingest load it from. Needs the network; everything
 * else in AskS1 runs without it.
 *
 * transformers.js itself fetches (the same file list and hub layout its loader later reads) with its
 * file-system cache pointed at MODELS_DIR; then the model is reloaded with remote loading OFF and
 * embeds a sentence, proving the local copy is complete. Progress and the summary go to stderr.
 */
import { statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type BaseConfig, loadBaseConfig } from '../src/config'
import { createExtractor, loadEmbedder, MODEL_FILES } from '../src/retrieval/embedder'

export interface FetchResult {
  dir: string
  files: { path: string; bytes: number }[]
  dim: number
}

export async function fetchModel(
  config: BaseConfig,
  opts: { host?: string; log?: (msg: string) => void } = {},
): Promise<FetchResult> {
  const log = opts.log ?? ((msg: string) => process.stderr.write(`${msg}\n`))
  const { env } = await import('@huggingface/transformers')
  const host = opts.host ?? 'https://huggingface.co/'
  const previousHost = env.remoteHost
  env.remoteHost = host.endsWith('/') ? host : `${host}/`
  const dir = join(config.MODELS_DIR, config.EMBEDDING_MODEL)
  log(`Fetching ${config.EMBEDDING_MODEL} (quantized ONNX) from ${env.remoteHost} into ${dir}`)
  try {
    const seen = new Set<string>()
    await createExtractor({ ...config, ALLOW_REMOTE_MODELS: true }, (e) => {
      if (e.status === 'done' && e.file && !seen.has(e.file)) {
        seen.add(e.file)
        log(`  got ${e.file}`)
      }
    })
  } finally {
    env.remoteHost = previousHost
  }
  log('Checking the local copy with remote loading off…')
  const embedder = await loadEmbedder({ ...config, ALLOW_REMOTE_MODELS: false }, { log })
  if (embedder.status !== 'ready' || !embedder.dim)
    throw new Error(`the local copy does not load: ${embedder.reason}`)
  const v = await embedder.embedQuery('What was net revenue in 2011?')
  const files = MODEL_FILES.map((f) => ({ path: join(dir, f), bytes: statSync(join(dir, f)).size }))
  log(
    `Model ready: ${embedder.model}, ${embedder.dim}-d vectors (norm ${Math.hypot(...v).toFixed(3)}). Files:`,
  )
  for (const f of files) log(`  ${f.path}  ${(f.bytes / 1e6).toFixed(2)} MB`)
  return { dir, files, dim: embedder.dim }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)
if (isMain) {
  const i = process.argv.indexOf('--host')
  const host = i > 0 ? process.argv[i + 1] : undefined
  fetchModel(loadBaseConfig(), { host }).then(
    () => process.exit(0),
    (err: Error) => {
      process.stderr.write(`models:fetch failed: ${err.message}\n`)
      process.stderr.write(
        'Check the network or proxy, use --host <mirror>, or copy the model files into MODELS_DIR.\n',
      )
      process.exit(1)
    },
  )
}
