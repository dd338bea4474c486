/**
 * Reciprocal-rank fusion (Cormack, Clarke & Büttcher 2009): score = Σ 1 / (c + rank) over the
 * candidate lists a document appears in. Rank-based, so BM25 scores and cosine similarities never
 * need to be put on one scale. c = 60 is the paper's constant and Qdrant's default.
 */
export const RRF_K = 60

/**
 * Weight of the table-row list in the fusion, relative to the chunk lists: the list holds the hosts
 * of the best ROW_HOSTS rows only (rows.ts). At full weight a row at rank 1 counts as much as the
 * whole keyword ranking and lifted table pages over the prose that answers (check recall@5 80 ->
 * 68); 0.2 lifts a host a few keyword ranks. Set on the tuning sets with the three-host list (0.1,
 * 0.2, 0.3: tuning MRR 0.645, 0.651, 0.639; docs/tables.md).
 */
export const ROW_WEIGHT = 0.2

/** The fewest candidates taken from each of dense and keyword search before fusion. */
export const MIN_CANDIDATES = 50

export interface Fused<Id> {
  id: Id
  score: number
  denseRank?: number
  keywordRank?: number
  rowRank?: number
}

/**
 * Fuses ranked id lists (best first); ties keep the dense list's order, then the keyword list's,
 * then the row list's (host chunk ids of matching table rows, each host once at its best row).
 */
export function rrfFuse<Id>(
  dense: readonly Id[],
  keyword: readonly Id[],
  k: number,
  c = RRF_K,
  rows: readonly Id[] = [],
): Fused<Id>[] {
  const byId = new Map<Id, Fused<Id> & { order: number }>()
  let order = 0
  const add = (ids: readonly Id[], field: 'denseRank' | 'keywordRank' | 'rowRank', weight = 1) => {
    ids.forEach((id, i) => {
      let f = byId.get(id)
      if (!f) {
        f = { id, score: 0, order: order++ }
        byId.set(id, f)
      }
      if (f[field] !== undefined) return // a list names each id once; ignore repeats
      f[field] = i + 1
      f.score += weight / (c + i + 1)
    })
  }
  add(dense, 'denseRank')
  add(keyword, 'keywordRank')
  add(rows, 'rowRank', ROW_WEIGHT)
  return [...byId.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, Math.max(0, k))
    .map(({ order: _, ...f }) => f)
}

/** Candidates per list: at least MIN_CANDIDATES, and never fewer than k. */
export function candidateCount(k: number, requested?: number): number {
  return Math.max(MIN_CANDIDATES, requested ?? 0, k)
}
