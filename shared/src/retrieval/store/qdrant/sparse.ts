/** BM25 as Qdrant sparse vectors: hashed term indices, saturated term frequency; Qdrant adds IDF. */
import type { Schemas } from '@qdrant/js-client-rest'
import { SPARSE_FIELD_WEIGHTS } from '../../features'
import { keywordTerms } from '../../terms'
import type { ChunkFields } from '../common'

/** BM25's term-frequency saturation. Chunks are all ~400 words, so length normalisation (b) is 0. */
const BM25_K1 = 1.2

/** FNV-1a 32-bit: a term's sparse index. Stable across processes and releases (unlike a vocabulary). */
export function termIndex(term: string): number {
  let h = 0x811c9dc5
  for (const byte of Buffer.from(term, 'utf8')) {
    h ^= byte
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

/** A document's sparse vector: saturated term frequency per term (hash collisions merged). */
export function documentSparse(fields: string | ChunkFields): Schemas['SparseVector'] {
  const f = typeof fields === 'string' ? { body: fields, heading: '', form: '' } : fields
  // BM25F: field term frequencies weighted and summed, then saturated once.
  const tf = new Map<number, number>()
  const add = (text: string, weight: number) => {
    if (weight <= 0) return
    for (const t of keywordTerms(text)) {
      const i = termIndex(t)
      tf.set(i, (tf.get(i) ?? 0) + weight)
    }
  }
  add(f.body, SPARSE_FIELD_WEIGHTS.body)
  add(f.heading, SPARSE_FIELD_WEIGHTS.heading)
  add(f.form, SPARSE_FIELD_WEIGHTS.form)
  const indices = [...tf.keys()].sort((a, b) => a - b)
  return { indices, values: indices.map((i) => bm25Tf(tf.get(i) as number)) }
}

function bm25Tf(tf: number): number {
  return (tf * (BM25_K1 + 1)) / (tf + BM25_K1)
}

/**
 * A question's sparse vector: each distinct search term once at its query weight (default 1; a
 * term given twice or two terms sharing a hash keep the larger weight). Qdrant multiplies in the IDF.
 */
export function querySparse(
  terms: readonly string[],
  weights: readonly number[] = [],
): Schemas['SparseVector'] {
  const byIndex = new Map<number, number>()
  terms.forEach((t, i) => {
    const idx = termIndex(t)
    byIndex.set(idx, Math.max(byIndex.get(idx) ?? 0, weights[i] ?? 1))
  })
  const indices = [...byIndex.keys()].sort((a, b) => a - b)
  return { indices, values: indices.map((i) => byIndex.get(i) as number) }
}
