/**
 * Exact dense ranking of one sqlite-vec table of window vectors (chunk_vec, row_vec): a unit (chunk
 * or table row) scores by its best window, rowid = unit id × WINDOW_SLOTS + window index.
 *
 * The vectors are read once into one in-memory matrix: sqlite-vec's prebuilt vec0 scans without
 * SIMD (~8 ms for 2,400 × 384 here), more than the whole 10 ms retrieval budget; the same exact
 * cosine scan over a Float32Array takes ~1.5 ms. vec0 stays the stored source of truth (and
 * `VersionReader.denseIdsVec0` the reference the tests compare against).
 */
import type { DB } from './schema'
import { WINDOW_SLOTS } from './schema'

interface Matrix {
  data: Float32Array
  unitOf: Int32Array
  invNorm: Float32Array
  maxUnit: number
}

export class WindowMatrix {
  private matrix: Matrix | null = null

  constructor(
    private readonly db: DB,
    private readonly table: 'chunk_vec' | 'row_vec',
    private readonly dim: number,
  ) {}

  private load(): Matrix {
    if (this.matrix) return this.matrix
    const dim = this.dim
    const rows = this.db.prepare(`SELECT rowid, embedding FROM ${this.table}`).raw().all() as [
      number | bigint,
      Buffer,
    ][]
    const data = new Float32Array(rows.length * dim)
    const unitOf = new Int32Array(rows.length)
    const invNorm = new Float32Array(rows.length)
    let maxUnit = 0
    rows.forEach(([rowid, blob], r) => {
      const v = new Float32Array(blob.buffer, blob.byteOffset, dim)
      data.set(v, r * dim)
      let n = 0
      for (let j = 0; j < dim; j++) n += (v[j] as number) ** 2
      invNorm[r] = n > 0 ? 1 / Math.sqrt(n) : 0
      unitOf[r] = Math.floor(Number(rowid) / WINDOW_SLOTS)
      maxUnit = Math.max(maxUnit, unitOf[r] as number)
    })
    this.matrix = { data, unitOf, invNorm, maxUnit }
    return this.matrix
  }

  /** Unit ids by best-window cosine similarity, best first (exact brute force). */
  rank(vector: Float32Array, n: number): number[] {
    const { data, unitOf, invNorm, maxUnit } = this.load()
    const dim = vector.length
    const best = new Float32Array(maxUnit + 1).fill(Number.NEGATIVE_INFINITY)
    for (let r = 0, o = 0; r < unitOf.length; r++, o += dim) {
      // Four accumulators let V8 overlap the multiply-adds.
      let a0 = 0
      let a1 = 0
      let a2 = 0
      let a3 = 0
      let j = 0
      for (; j + 3 < dim; j += 4) {
        a0 += (data[o + j] as number) * (vector[j] as number)
        a1 += (data[o + j + 1] as number) * (vector[j + 1] as number)
        a2 += (data[o + j + 2] as number) * (vector[j + 2] as number)
        a3 += (data[o + j + 3] as number) * (vector[j + 3] as number)
      }
      for (; j < dim; j++) a0 += (data[o + j] as number) * (vector[j] as number)
      const score = (a0 + a1 + a2 + a3) * (invNorm[r] as number)
      const u = unitOf[r] as number
      if (score > (best[u] as number)) best[u] = score
    }
    const ids: number[] = []
    for (let u = 1; u <= maxUnit; u++) if (best[u] !== Number.NEGATIVE_INFINITY) ids.push(u)
    // Ties break by document order, like the keyword list.
    ids.sort((a, b) => (best[b] as number) - (best[a] as number) || a - b)
    return ids.slice(0, n)
  }
}
