import { rrfFuse } from '../fusion'
import { ROW_HOSTS } from '../rows'
import type { SearchHit } from './types'

/**
 * Weight of the table-row list in the fusion, relative to the chunk lists: the list holds the hosts
 * of the best ROW_HOSTS rows only (rows.ts). At full weight a row at rank 1 counts as much as the
 * whole keyword ranking and lifted table pages over the prose that answers (check recall@5 80 ->
 * 68). Set on the tuning sets with the three-host list, on the retrieval with WordNet terms and new
 * pages first: 0.05 and 0.1 give the same tuning retrieval (MRR 0.679), and at 0.1 the extractive
 * answers cite more table pages (citation precision 47.4% vs 47.8%) and "how fast did it grow"
 * reaches the cost-of-revenue table before the prose of 88% growth (docs/tables.md).
 */
export const ROW_WEIGHT = 0.05

/** The fewest candidates taken from each of dense and keyword search before fusion. */
export const MIN_CANDIDATES = 50

/** A hit's rank in each candidate list that holds it (only those keys present). */
export type HitRanks = Pick<SearchHit, 'denseRank' | 'keywordRank' | 'rowRank'>

export interface Fused<Id> {
  id: Id
  score: number
  ranks: HitRanks
}

/**
 * Fuses a store's candidate lists (`rrfFuse`): ties keep the dense list's order, then the keyword
 * list's, then the row list's (host chunk ids of matching table rows, each host once at its best
 * row, at ROW_WEIGHT). Each list's rank is kept under its name, to spread into the hit.
 *
 * Rows reorder the k chunks the question's own lists return; they never bring one in. A host from
 * below the k pushes the k-th chunk out, and the rerank reads its pool as a whole (a term nearly
 * every candidate holds is no evidence: rerank.ts `discriminating`). For "How much revenue did
 * Facebook make in 2011?" facebook-s1's F-3/F-4 income statement (keyword rank 32, lifted by its
 * "Cost of revenue" row) pushed out a p.49-50 chunk; "facebook" went from 27 to 28 of the 30
 * candidates, past POOL_COMMON_SHARE, proximity stopped counting it, and the answer quoted p.51's
 * cost-of-revenue table instead of F-28 (docs/tables.md, "Rows in the default ranking").
 */
export function fuseCandidates<Id>(
  dense: readonly Id[],
  keyword: readonly Id[],
  k: number,
  rows: readonly Id[] = [],
): Fused<Id>[] {
  const pool =
    rows.length > 0
      ? new Set(rrfFuse([{ ids: dense }, { ids: keyword }], { limit: k }).map((f) => f.id))
      : null
  const lifted = pool ? rows.filter((id) => pool.has(id)) : rows
  const lists = [{ ids: dense }, { ids: keyword }, { ids: lifted, weight: ROW_WEIGHT }]
  return rrfFuse(lists, { limit: k }).map(({ id, score, ranks: [denseRank, keywordRank, rowRank] }) => {
    const named: HitRanks = {}
    if (denseRank !== undefined) named.denseRank = denseRank
    if (keywordRank !== undefined) named.keywordRank = keywordRank
    if (rowRank !== undefined) named.rowRank = rowRank
    return { id, score, ranks: named }
  })
}

/**
 * The row list of the fusion: table rows ranked as chunks are (dense and keyword row candidates by
 * `rrfFuse`, ties to the dense list), each mapped to its host chunk, each host once at its best row,
 * the first ROW_HOSTS hosts (rows.ts). Keyword-only (no dense rows) it is the keyword row order.
 */
export function rowHostList<RowId, Host>(
  dense: readonly RowId[],
  keyword: readonly RowId[],
  hostOf: (row: RowId) => Host | undefined,
): Host[] {
  const hosts = new Set<Host>()
  for (const { id } of rrfFuse([{ ids: dense }, { ids: keyword }])) {
    const host = hostOf(id)
    if (host !== undefined) hosts.add(host)
    if (hosts.size >= ROW_HOSTS) break
  }
  return [...hosts]
}

/** Candidates per list: at least MIN_CANDIDATES, and never fewer than k. */
export function candidateCount(k: number, requested?: number): number {
  return Math.max(MIN_CANDIDATES, requested ?? 0, k)
}
