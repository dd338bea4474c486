/**
 * The store contract plus `openStore`, which picks the implementation from `config.STORE`.
 */
import { join } from 'node:path'
import type { BaseConfig } from '../../config'
import type { Store } from './types'

export { RRF_K, rrfFuse } from '../fusion'
export { MIN_CANDIDATES } from './fusion'
export * from './types'

/** Opens the configured store: sqlite under `<DATA_DIR>/sqlite`, or the Qdrant at `QDRANT_URL`. */
export async function openStore(config: BaseConfig): Promise<Store> {
  if (config.STORE === 'qdrant') {
    const { openQdrantStore } = await import('./qdrant/index')
    return openQdrantStore({ url: config.QDRANT_URL, apiKey: config.QDRANT_API_KEY })
  }
  const { openSqliteStore } = await import('./sqlite/index')
  return openSqliteStore({ dir: join(config.DATA_DIR, 'sqlite') })
}
