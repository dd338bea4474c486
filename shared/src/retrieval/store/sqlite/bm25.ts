/**
 * BM25 with a non-negative IDF over FTS5's per-term scores. FTS5's bm25() uses the Robertson–Spärck
 * Jones IDF, log((N − df + 0.5) / (df + 0.5)), clamped to 1e-6 when it is not positive: a term in
 * half the chunks or more (the filer's name, "revenue" in a 10-K) weighs nothing, and one in 40%
 * of them almost nothing. Lucene's BM25 (and the plain-BM25 yardstick of the evaluation) uses
 * log(1 + (N − df + 0.5) / (df + 0.5)), which stays positive, so a common term still tells a chunk
 * that has it from one that does not. FTS5 cannot change its IDF, but a one-term query's score is
 * that term's IDF times its length-normalised term frequency, and the rows it returns are its df:
 * dividing out FTS5's IDF and multiplying by Lucene's gives Lucene's BM25 exactly (same k1 1.2,
 * b 0.75). Pure: the rows come from the reader.
 */

/** FTS5's IDF, as fts5_aux.c computes it (not positive → 1e-6). */
export function fts5Idf(n: number, df: number): number {
  const idf = Math.log((n - df + 0.5) / (df + 0.5))
  return idf <= 0 ? 1e-6 : idf
}

/** Lucene's BM25 IDF: positive for any df ≤ n. */
export function luceneIdf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5))
}

/**
 * Adds each chunk's Lucene-IDF BM25 for one term to `scores`, from the rows of a one-term FTS5
 * query over all `n` chunks (`score` = −bm25(), higher is better; every matching row, so the
 * row count is the term's df), times the term's query weight (1 for the question's own terms).
 */
export function addTermScores(
  scores: Map<number, number>,
  rows: readonly { id: number; score: number }[],
  n: number,
  weight = 1,
): void {
  const df = rows.length
  if (df === 0) return
  const ratio = (weight * luceneIdf(n, df)) / fts5Idf(n, df)
  for (const r of rows) scores.set(r.id, (scores.get(r.id) ?? 0) + r.score * ratio)
}

/** FTS5's bm25() parameters (fts5_aux.c): fixed, not settable per table. */
export const FTS5_K1 = 1.2
export const FTS5_B = 0.75

/** A row's length in tokens, from its FTS5 `%_docsize` blob (one varint per column; the first). */
export function fts5DocSize(blob: Uint8Array): number {
  let v = 0
  for (const c of blob) {
    v = v * 128 + (c & 0x7f)
    if (c < 0x80) break
  }
  return v
}

/**
 * Adds each row's one-term BM25 with length normalisation `b` in place of FTS5's 0.75, times
 * `weight`, keeping FTS5's IDF and k1. FTS5's score s = idf·tf·(k1+1)/(tf + k1·(1−b+b·dl/avgdl))
 * is solved for tf with the row's length dl (`lengths`, from `%_docsize`) and scored again.
 */
export function addTermScoresWithB(
  scores: Map<number, number>,
  rows: readonly { id: number; score: number }[],
  n: number,
  lengths: { of: ReadonlyMap<number, number>; avg: number },
  b: number,
  weight = 1,
): void {
  const df = rows.length
  if (df === 0 || lengths.avg <= 0) return
  const idf = fts5Idf(n, df)
  const norm = (dl: number, bb: number) => FTS5_K1 * (1 - bb + (bb * dl) / lengths.avg)
  for (const r of rows) {
    const dl = lengths.of.get(r.id) ?? lengths.avg
    const x = r.score / idf
    // x < k1+1 always (a saturating tf); guard the division for a rounding at the limit.
    const tf = (x * norm(dl, FTS5_B)) / Math.max(1e-9, FTS5_K1 + 1 - x)
    const s = (idf * tf * (FTS5_K1 + 1)) / (tf + norm(dl, b))
    scores.set(r.id, (scores.get(r.id) ?? 0) + weight * s)
  }
}
