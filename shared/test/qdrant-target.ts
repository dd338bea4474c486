import { openQdrantStore, type QdrantStore } from '../src/retrieval/store/qdrant/index'
import type { ContractTarget } from './store-contract'

/** The filings the contract suite creates; cleanup removes their aliases and version collections. */
const CONTRACT_FILINGS = ['acme', 'bravo', 'dense']

export async function removeFilings(store: QdrantStore, filings: string[]): Promise<void> {
  const cols = await store.http.call<{ collections: { name: string }[] }>('GET', '/collections')
  const actions = filings.map((f) => ({ delete_alias: { alias_name: f } }))
  await store.http.call('POST', '/collections/aliases', { actions })
  for (const { name } of cols?.collections ?? []) {
    if (filings.some((f) => name.startsWith(`${f}__v_`))) {
      await store.http.call('DELETE', `/collections/${encodeURIComponent(name)}`, undefined, true)
    }
  }
}

export async function qdrantTarget(
  url: string,
  apiKey?: string,
): Promise<ContractTarget & { store: QdrantStore }> {
  const store = await openQdrantStore({ url, apiKey, minBackoffMs: 20 })
  await removeFilings(store, CONTRACT_FILINGS)
  return {
    store,
    async cleanup() {
      await removeFilings(store, CONTRACT_FILINGS)
      await store.close()
    },
  }
}
