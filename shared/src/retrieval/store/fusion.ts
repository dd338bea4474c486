/**
 * Reciprocal-rank fusion (Cormack, Clarke & Büttcher 2009): score = Σ 1 / (c + rank) over the
 * candidate lists a document appears in. Rank-based, so BM25 scores and cosine similarities never
 * need to be put on one scale. c = 60 is the paper's constant and Qdrant's default.
 */
export const RRF_K = 60

/** The fewest candidates taken from each of dense and keyword search before fusion. */
export const MIN_CANDIDATES = 50

export interface Fused<Id> {
  id: Id
  score: number
  denseRank?: number
  keywordRank?: number
}

/** Fuses ranked id lists (best first); ties keep the dense list's order, then the keyword list's. */
export function rrfFuse<Id>(dense: readonly Id[], keyword: readonly Id[], k: number, c = RRF_K): Fused<Id>[] {
  const byId = new Map<Id, Fused<Id> & { order: number }>()
  let order = 0
  const add = (ids: readonly Id[], field: 'denseRank' | 'keywordRank') => {
    ids.forEach((id, i) => {
      let f = byId.get(id)
      if (!f) {
        f = { id, score: 0, order: order++ }
        byId.set(id, f)
      }
      if (f[field] !== undefined) return // a list names each id once; ignore repeats
      f[field] = i + 1
      f.score += 1 / (c + i + 1)
    })
  }
  add(dense, 'denseRank')
  add(keyword, 'keywordRank')
  return [...byId.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, Math.max(0, k))
    .map(({ order: _, ...f }) => f)
}

/** Candidates per list: at least MIN_CANDIDATES, and never fewer than k. */
export function candidateCount(k: number, requested?: number): number {
  return Math.max(MIN_CANDIDATES, requested ?? 0, k)
}
