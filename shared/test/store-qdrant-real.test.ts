import { describe, it } from 'vitest'
import { qdrantTarget } from './qdrant-target'
import { storeContract } from './store-contract'
import { tinyEmbedder } from './tiny-embedder'

/** The same contract suite against a real Qdrant, when one is configured. */
const url = process.env.QDRANT_URL
if (url) {
  storeContract(`qdrant (real, ${url})`, () => qdrantTarget(url, process.env.QDRANT_API_KEY), {
    embedder: tinyEmbedder,
  })
} else {
  describe('Store contract: qdrant (real)', () => {
    it.skip('skipped: set QDRANT_URL (e.g. http://127.0.0.1:6333) to run the contract suite against a real Qdrant', () => {})
  })
  process.stderr.write('Real-Qdrant contract suite skipped: QDRANT_URL is not set.\n')
}
