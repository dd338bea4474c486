/** A complete EvalReport with every block filled, for the report tests to vary. */
import type { RetrievalSummary } from '../src/metrics'
import type { EvalReport } from '../src/report'

export const rs = (over: Partial<RetrievalSummary> = {}): RetrievalSummary => ({
  n: 50,
  'recall@5': 0.6,
  'recall@10': 0.7,
  mrr: 0.5,
  skipped: 0,
  'page_recall@5': 0.4,
  'page_recall@10': 0.5,
  ...over,
})

export const report = (over: Partial<EvalReport> = {}): EvalReport => ({
  generated_at: '2026-11-29T12:00:00.000Z',
  answer_mode: 'extractive',
  store: 'sqlite',
  embedder: { status: 'missing', model: null, reason: 'no model in models/' },
  retrieval: {
    ...rs(),
    mode: 'keyword',
    model: null,
    by_mode: { keyword: rs() },
    latency_ms: { keyword: { p50: 1.5, p95: 3 } },
  },
  answers: {
    n: 60,
    citation_page_precision: 0.5,
    citations_verified: 0.9,
    facts_recall: 0.4,
    refusal_accuracy: 0.2,
    latency_ms: { p50: 5, p95: 12 },
    citation_recall_any: 0.7,
    false_refusal_rate: 0,
    errors: 0,
  },
  pages: [
    { filing: 'facebook-s1', file: 'samples/facebook-s1.pdf', accuracy: 0.998, sentences: 500, found: 499 },
  ],
  ingest: [
    {
      filing: 'facebook-s1',
      file: 'samples/facebook-s1.pdf',
      seconds: 9.5,
      chunks: 700,
      pages: 187,
      stages_ms: { extractMs: 7200, pagingMs: 300, chunkMs: 40, embedMs: 0, writeMs: 900, totalMs: 9500 },
    },
  ],
  questions: [
    {
      id: 'facebook-s1-01',
      filing: 'facebook-s1',
      kind: 'core',
      set: 'facebook-s1.jsonl',
      rank: { keyword: null },
    },
    {
      id: 'facebook-s1-02',
      filing: 'facebook-s1',
      kind: 'core',
      set: 'facebook-s1.jsonl',
      rank: { keyword: 2 },
    },
    {
      id: 'facebook-s1-26',
      filing: 'facebook-s1',
      kind: 'negative',
      set: 'facebook-s1.jsonl',
      rank: { keyword: null },
    },
  ],
  ...over,
})
