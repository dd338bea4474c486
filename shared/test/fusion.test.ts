import { describe, expect, it } from 'vitest'
import { RRF_K, rrfFuse } from '../src/retrieval/fusion'
import { ROW_HOSTS } from '../src/retrieval/rows'
import { fuseCandidates, ROW_WEIGHT, rowHostList } from '../src/retrieval/store/fusion'

const ids = <Id>(fused: { id: Id }[]) => fused.map((f) => f.id)

describe('rrfFuse', () => {
  it('with no lists, or only empty ones, fuses nothing', () => {
    expect(rrfFuse([])).toEqual([])
    expect(rrfFuse([{ ids: [] }, { ids: [] }])).toEqual([])
  })

  it('keeps one list in its order, scored 1 / (c + rank)', () => {
    const fused = rrfFuse([{ ids: ['a', 'b', 'c'] }])
    expect(ids(fused)).toEqual(['a', 'b', 'c'])
    expect(fused.map((f) => f.score)).toEqual([1 / (RRF_K + 1), 1 / (RRF_K + 2), 1 / (RRF_K + 3)])
    expect(fused.map((f) => f.ranks)).toEqual([[1], [2], [3]])
  })

  it('sums over two lists: an id both name beats ids one names', () => {
    const fused = rrfFuse([{ ids: ['a', 'b'] }, { ids: ['c', 'b'] }])
    expect(ids(fused)).toEqual(['b', 'a', 'c'])
    expect(fused[0]).toEqual({ id: 'b', score: 2 / (RRF_K + 2), ranks: [2, 2] })
    expect(fused[2]?.ranks).toEqual([undefined, 1])
  })

  it('breaks a tie by first appearance, so the earlier list wins', () => {
    expect(ids(rrfFuse([{ ids: ['a'] }, { ids: ['b'] }]))).toEqual(['a', 'b'])
    expect(ids(rrfFuse([{ ids: ['b'] }, { ids: ['a'] }]))).toEqual(['b', 'a'])
    // a and c tie on 1/61 + 1/62; a was seen first.
    expect(ids(rrfFuse([{ ids: ['a', 'c'] }, { ids: ['c', 'a'] }]))).toEqual(['a', 'c'])
  })

  it('counts an id a list repeats once, at its best rank', () => {
    const fused = rrfFuse([{ ids: ['a', 'b', 'a'] }, { ids: ['b'] }])
    expect(fused.find((f) => f.id === 'a')).toEqual({
      id: 'a',
      score: 1 / (RRF_K + 1),
      ranks: [1, undefined],
    })
    expect(ids(fused)).toEqual(['b', 'a'])
  })

  it('fuses three lists, each rank weighted by its list', () => {
    const fused = rrfFuse([{ ids: ['a', 'b'] }, { ids: ['b', 'a'] }, { ids: ['c', 'a'], weight: 0.5 }])
    expect(ids(fused)).toEqual(['a', 'b', 'c'])
    expect(fused[0]?.score).toBeCloseTo(1 / 61 + 1 / 62 + 0.5 / 62, 12)
    expect(fused[2]).toEqual({ id: 'c', score: 0.5 / 61, ranks: [undefined, undefined, 1] })
  })

  it('keeps the best limit, none for a limit below one, and takes another c', () => {
    const lists = [{ ids: [1, 2, 3] }, { ids: [3, 4] }]
    expect(ids(rrfFuse(lists, { limit: 2 }))).toEqual([3, 1])
    expect(rrfFuse(lists, { limit: 0 })).toEqual([])
    expect(rrfFuse(lists, { limit: -1 })).toEqual([])
    expect(rrfFuse([{ ids: ['x'] }], { c: 0 })[0]?.score).toBe(1)
  })
})

describe('fuseCandidates', () => {
  it('names each list’s rank and weighs table rows at ROW_WEIGHT', () => {
    const fused = fuseCandidates(['d'], ['d', 'k', 'x'], 10, ['x', 'k'])
    expect(fused).toEqual([
      { id: 'd', score: 2 / (RRF_K + 1), ranks: { denseRank: 1, keywordRank: 1 } },
      { id: 'k', score: 1 / (RRF_K + 2) + ROW_WEIGHT / (RRF_K + 2), ranks: { keywordRank: 2, rowRank: 2 } },
      { id: 'x', score: 1 / (RRF_K + 3) + ROW_WEIGHT / (RRF_K + 1), ranks: { keywordRank: 3, rowRank: 1 } },
    ])
    expect(fuseCandidates(['d'], ['d', 'k'], 1)).toHaveLength(1)
  })

  it('lets rows reorder the k chunks the question’s lists return, never bring one in', () => {
    // 'c' is the keyword list's third: with k = 2 its row neither lifts it into the two nor pushes 'b' out.
    expect(fuseCandidates([], ['a', 'b', 'c'], 2, ['c', 'r']).map((f) => [f.id, f.ranks])).toEqual([
      ['a', { keywordRank: 1 }],
      ['b', { keywordRank: 2 }],
    ])
    // A host among the two moves up, ranked in the row list of the hosts that count.
    expect(fuseCandidates([], ['a', 'b', 'c'], 2, ['c', 'b']).map((f) => [f.id, f.ranks])).toEqual([
      ['b', { keywordRank: 2, rowRank: 1 }],
      ['a', { keywordRank: 1 }],
    ])
  })
})

describe('rowHostList', () => {
  const host: Record<string, string> = { r1: 'a', r2: 'a', r3: 'b', r4: 'c', r5: 'd', r6: 'e' }
  const hostOf = (r: string) => host[r]

  it('keyword-only: the hosts in keyword row order, each once, the first ROW_HOSTS', () => {
    expect(ROW_HOSTS).toBe(3)
    expect(rowHostList([], ['r1', 'r2', 'r3', 'r4', 'r5'], hostOf)).toEqual(['a', 'b', 'c'])
  })

  it('fuses dense and keyword rows by RRF before mapping to hosts (ties to the dense list)', () => {
    // r5 is first in both lists; r6 (dense 2) ties r3 (keyword 2) and comes first as the dense one.
    expect(rowHostList(['r5', 'r6'], ['r5', 'r3', 'r4'], hostOf)).toEqual(['d', 'e', 'b'])
  })

  it('dense-only: the hosts of the nearest rows; an unknown row is skipped', () => {
    expect(rowHostList(['r9', 'r4', 'r1'], [], hostOf)).toEqual(['c', 'a'])
  })
})
