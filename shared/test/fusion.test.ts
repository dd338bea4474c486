import { describe, expect, it } from 'vitest'
import { RRF_K, rrfFuse } from '../src/retrieval/fusion'
import { fuseCandidates, ROW_WEIGHT } from '../src/retrieval/store/fusion'

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
    const fused = fuseCandidates(['d'], ['d', 'k'], 10, ['r', 'k'])
    expect(fused).toEqual([
      { id: 'd', score: 2 / (RRF_K + 1), ranks: { denseRank: 1, keywordRank: 1 } },
      { id: 'k', score: 1 / (RRF_K + 2) + ROW_WEIGHT / (RRF_K + 2), ranks: { keywordRank: 2, rowRank: 2 } },
      { id: 'r', score: ROW_WEIGHT / (RRF_K + 1), ranks: { rowRank: 1 } },
    ])
    expect(fuseCandidates(['d'], ['d', 'k'], 1)).toHaveLength(1)
  })
})
