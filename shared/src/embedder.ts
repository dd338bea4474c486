/**
 * The ONE embedder that ingest and query both call. (Contract; implementation in issue #4.)
 */
export interface Embedder {
  /** 'ready': model loaded; 'missing': no model found, retrieval is keyword-only. */
  readonly status: 'ready' | 'missing'
  readonly model: string | null
  /** Dense vector size, null when missing. */
  readonly dim: number | null
  /** Why the model is missing, for the readiness report and the start-up warning. */
  readonly reason?: string
  /**
   * Vectors of documents' tag-free texts, batched: for each text, one vector per window that fits
   * the model's input.
   */
  embedDocuments(texts: string[]): Promise<Float32Array[][]>
  /** Vector of a question. */
  embedQuery(text: string): Promise<Float32Array>
}
