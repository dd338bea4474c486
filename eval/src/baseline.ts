/**
 * The plain BM25 every retrieval figure is shown beside: Okapi BM25 (k1 1.2, b 0.75) over the very
 * chunks the store holds, body text only, lower-cased alphanumeric tokens, no stemming, no stop
 * words, no fields, no rerank. It is the yardstick the issue measures against ("a plain BM25 over
 * 400-word chunks of the same printed pages"), so it must stay naive: nothing here is tuned.
 */
import { stripPageTags } from '@asks1/shared/contract/citations'

const K1 = 1.2
const B = 0.75

/** Lower-cased runs of letters and digits (`$1,234` → `1`, `234`; `10-K` → `10`, `k`). */
export function plainTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

interface Doc<T> {
  item: T
  tf: Map<string, number>
  len: number
}

export class PlainBm25<T extends { text: string }> {
  private readonly docs: Doc<T>[]
  private readonly df = new Map<string, number>()
  private readonly avgLen: number

  constructor(items: readonly T[]) {
    this.docs = items.map((item) => {
      const tokens = plainTokens(stripPageTags(item.text))
      const tf = new Map<string, number>()
      for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1)
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1)
      return { item, tf, len: tokens.length }
    })
    this.avgLen = this.docs.reduce((n, d) => n + d.len, 0) / Math.max(1, this.docs.length)
  }

  /** The top `k` items for the query, best first (ties keep document order). */
  search(query: string, k: number): T[] {
    const n = this.docs.length
    const terms = plainTokens(query)
    const scored = this.docs.map((d, i) => {
      let score = 0
      for (const t of terms) {
        const f = d.tf.get(t)
        if (!f) continue
        const df = this.df.get(t) ?? 0
        // The non-negative IDF of Lucene's BM25: a term in most chunks still counts a little.
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5))
        score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.len) / this.avgLen))
      }
      return { i, score }
    })
    return scored
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, k)
      .map((s) => this.docs[s.i]?.item as T)
  }
}
