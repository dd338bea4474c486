/** Qdrant store: not yet implemented (issue #4, step 5). */
import type { Store } from './types'

export interface QdrantStoreOptions {
  url: string
  apiKey?: string
}

export async function openQdrantStore(_options: QdrantStoreOptions): Promise<Store> {
  throw new Error('STORE=qdrant is not implemented yet; use STORE=sqlite')
}
