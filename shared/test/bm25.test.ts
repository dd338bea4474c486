import { describe, expect, it } from 'vitest'
import {
  addTermScores,
  addTermScoresWithB,
  FTS5_B,
  FTS5_K1,
  fts5DocSize,
  fts5Idf,
  luceneIdf,
} from '../src/retrieval/store/sqlite/bm25'

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

describe('another length normalisation b from FTS5 per-term scores', () => {
  const n = 100
  const lengths = {
    of: new Map([
      [1, 2],
      [2, 6],
    ]),
    avg: 4,
  }
  // FTS5's one-term score of a row with term frequency tf and length dl (k1 1.2, b 0.75).
  const fts5 = (tf: number, dl: number) =>
    (fts5Idf(n, 2) * tf * (FTS5_K1 + 1)) / (tf + FTS5_K1 * (1 - FTS5_B + (FTS5_B * dl) / 4))
  const rows = [
    { id: 1, score: fts5(1, 2) },
    { id: 2, score: fts5(1, 6) },
  ]

  it('reads a row length from its %_docsize varint', () => {
    expect(fts5DocSize(Uint8Array.from([5]))).toBe(5)
    expect(fts5DocSize(Uint8Array.from([0x81, 0x10, 3]))).toBe(144)
  })

  it('gives FTS5 scores back at b 0.75 and ignores length at b 0', () => {
    const same = new Map<number, number>()
    addTermScoresWithB(same, rows, n, lengths, FTS5_B)
    expect(same.get(1)).toBeCloseTo(rows[0]?.score as number, 9)
    expect(same.get(2)).toBeCloseTo(rows[1]?.score as number, 9)
    const flat = new Map<number, number>()
    addTermScoresWithB(flat, rows, n, lengths, 0, 0.5)
    // The same tf in a short and a long row scores the same, idf·(k1+1)/(1+k1) times the weight.
    expect(flat.get(1)).toBeCloseTo(flat.get(2) as number, 9)
    expect(flat.get(1)).toBeCloseTo(0.5 * fts5Idf(n, 2), 9)
  })
})
