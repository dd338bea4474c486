/**
 * Reciprocal-rank fusion (Cormack, Clarke & Büttcher 2009): score = Σ weight / (c + rank) over the
 * ranked lists an item appears in. Rank-based, so BM25 scores, cosine similarities and the ranks of
 * separately retrieved question parts never need to be put on one scale. The one home of RRF: the
 * stores fuse dense, keyword and table-row lists with it, the answer path fuses a compound
 * question's parts. Pure.
 */

/** c = 60 is the paper's constant and Qdrant's default. */
export const RRF_K = 60

/** One ranked list (best first) and how much a rank in it counts (1 unless said). */
export interface RankedList<Id> {
  ids: readonly Id[]
  weight?: number
}

export interface FusedId<Id> {
  id: Id
  score: number
  /** `ranks[i]`: the id's 1-based rank in list i, undefined where list i does not name it. */
  ranks: (number | undefined)[]
}

export interface FuseOptions {
  /** Keep the best `limit` (all when absent). */
  limit?: number
  c?: number
}

/**
 * Fuses ranked lists. An id a list repeats counts at its first (best) rank only; ties keep the
 * order in which ids were first seen, list by list, so the first list's order wins a tie.
 */
export function rrfFuse<Id>(
  lists: readonly RankedList<Id>[],
  { limit, c = RRF_K }: FuseOptions = {},
): FusedId<Id>[] {
  const byId = new Map<Id, FusedId<Id> & { order: number }>()
  lists.forEach(({ ids, weight = 1 }, l) => {
    ids.forEach((id, i) => {
      let f = byId.get(id)
      if (!f) {
        f = { id, score: 0, ranks: lists.map(() => undefined), order: byId.size }
        byId.set(id, f)
      }
      if (f.ranks[l] !== undefined) return
      f.ranks[l] = i + 1
      f.score += weight / (c + i + 1)
    })
  })
  const fused = [...byId.values()].sort((a, b) => b.score - a.score || a.order - b.order)
  return (limit === undefined ? fused : fused.slice(0, Math.max(0, limit))).map(({ order: _, ...f }) => f)
}
