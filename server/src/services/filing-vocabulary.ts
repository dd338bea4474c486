/**
 * The filing's document frequencies for the answer ranker (answer/filing-df.ts), read from the
 * stored pages of the live version once and kept per store version: a committed version never
 * changes, and a re-ingest is a new version, so nothing goes stale. Concurrent first questions
 * share one read. A handful of filings' counts are kept (a few MB each); the oldest is dropped.
 * The count yields to the event loop between pages: on a whole filing it takes about half a second
 * of CPU (more on a loaded machine), and other requests' state calls (a Redis command times out
 * after 2 s) must not wait behind it.
 */

import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Store } from '@asks1/shared/store'
import { LRUCache } from 'lru-cache'
import { type FilingVocabulary, VocabularyCounter } from '../answer/filing-df'

const byStore = new WeakMap<Store, LRUCache<string, Promise<FilingVocabulary>>>()

export function vocabularyOf(store: Store, key: string, version: string): Promise<FilingVocabulary> {
  let cache = byStore.get(store)
  if (!cache) {
    cache = new LRUCache({ max: 16 })
    byStore.set(store, cache)
  }
  const id = `${key}\u0000${version}`
  const known = cache.get(id)
  if (known) return known
  const built = store.getPages(key, { version }).then(countByPage)
  cache.set(id, built)
  // A failed read is not remembered: the next question tries again.
  built.catch(() => cache.delete(id))
  return built
}

async function countByPage(pages: readonly { label: string; text: string }[]): Promise<FilingVocabulary> {
  const counter = new VocabularyCounter()
  for (const page of pages) {
    counter.add(page)
    await nextTurn()
  }
  return counter.done()
}
