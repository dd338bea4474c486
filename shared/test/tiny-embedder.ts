import { loadBaseConfig } from '../src/config'
import { type Embedder, loadEmbedder } from '../src/retrieval/embedder'
import { ensureTestModel } from '../testing/index'

/** The generated tiny model through the real transformers.js pipeline (one instance per test file). */
let cached: Promise<Embedder> | null = null
export function tinyEmbedder(): Promise<Embedder> {
  cached ??= ensureTestModel().then((m) =>
    loadEmbedder(loadBaseConfig({ MODELS_DIR: m.modelsDir, EMBEDDING_MODEL: m.model })),
  )
  return cached
}
