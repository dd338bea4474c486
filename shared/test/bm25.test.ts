import { describe, expect, it } from 'vitest'
import { addTermScores, fts5Idf, luceneIdf } from '../src/retrieval/store/sqlite/bm25'

describe('Lucene-IDF BM25 from FTS5 per-term scores', () => {
  it('FTS5 gives a term in most chunks ~0 weight, Lucene a small positive one', () => {
    expect(fts5Idf(100, 80)).toBe(1e-6)
    expect(luceneIdf(100, 80)).toBeGreaterThan(0.2)
    expect(luceneIdf(100, 1)).toBeCloseTo(Math.log(1 + 99.5 / 1.5))
    expect(luceneIdf(100, 1)).toBeGreaterThan(fts5Idf(100, 1))
  })

  it('swaps the IDF of each row, the row count being the df', () => {
    const n = 100
    // FTS5's one-term score: idf × normalised tf (here 1.5 and 0.9).
    const rows = [
      { id: 1, score: fts5Idf(n, 2) * 1.5 },
      { id: 2, score: fts5Idf(n, 2) * 0.9 },
    ]
    const common = Array.from({ length: 80 }, (_, i) => ({ id: i + 1, score: fts5Idf(n, 80) * 1.2 }))
    const scores = new Map<number, number>()
    addTermScores(scores, rows, n)
    addTermScores(scores, common, n)
    addTermScores(scores, [], n)
    expect(scores.get(1)).toBeCloseTo(luceneIdf(n, 2) * 1.5 + luceneIdf(n, 80) * 1.2)
    expect(scores.get(2)).toBeCloseTo(luceneIdf(n, 2) * 0.9 + luceneIdf(n, 80) * 1.2)
    expect(scores.get(3)).toBeCloseTo(luceneIdf(n, 80) * 1.2)
    expect(scores.size).toBe(80)
  })
})
