import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Chunk } from '@asks1/shared/contract/chunk'
import { analyzeQuery } from '@asks1/shared/retrieval/query'
import { openSqliteStore } from '@asks1/shared/store/sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EvalQuestion } from '../src/questions'
import { groupsOf, scoreRetrieval, summarizeByKind, summarizeBySet } from '../src/score'

// A real SQLite store with a few hand-written chunks: scoring is checked against real BM25 search.
const dir = mkdtempSync(join(tmpdir(), 'asks1-eval-score-'))
const store = openSqliteStore({ dir })

const texts: [string[], number[], string][] = [
  [['12'], [19], '[p.12] We generate a substantial majority of our revenue from advertising.'],
  [['18'], [25], '[p.18] Zynga accounted for approximately 12% of our revenue in 2011.'],
  [['94'], [101], '[p.94] As of December 31, 2011, we had 3,200 full-time employees.'],
  [['F-13'], [170], '[p.F-13] Revenue from Zynga, including direct advertising, was 12% of revenue.'],
]

beforeAll(async () => {
  const w = await store.beginVersion('acme', { dim: null })
  const chunks: Chunk[] = texts.map(([pages, pdfPages, text], ordinal) => ({
    id: `acme-${ordinal}`,
    filing: 'acme',
    version: w.version,
    ordinal,
    text,
    pages,
    pdfPages,
    section: null,
    fallback: false,
  }))
  await w.addPages(
    texts.map(([pages, pdfPages, text]) => ({ label: pages[0] as string, pdfPages, text, matter: 'body' })),
  )
  await w.addChunks(chunks.map((chunk) => ({ chunk, vectors: [] })))
  await w.commit()
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

const q = (
  id: string,
  question: string,
  gold: EvalQuestion['gold'],
  over: Partial<EvalQuestion> = {},
): EvalQuestion => ({
  id,
  filing: 'acme',
  question,
  kind: 'core',
  demo: false,
  gold,
  facts: [],
  set: 'acme.jsonl',
  ...over,
})

describe('scoreRetrieval on a real SQLite store', () => {
  const search = async (filing: string, text: string, k: number) =>
    (await store.search(filing, { terms: analyzeQuery(text).terms, vector: null, k })).map((h) => h.chunk)

  it('ranks by printed label, by physical page, skips missing filings', async () => {
    const questions = [
      q('a', 'How many employees?', { by: 'label', pages: ['94'] }),
      q('b', 'What share of revenue came from Zynga?', { by: 'label', pages: ['18', 'F-13'] }),
      q('c', 'How many employees?', { by: 'pdf', pages: [101] }, { set: 'fb.jsonl' }),
      q('d', 'How many employees?', { by: 'pdf', pages: [94] }, { set: 'fb.jsonl' }), // label 94 is not PDF page 94
      q('n', 'What was the IPO price?', { by: 'label', pages: [] }, { kind: 'negative' }),
      q('s', 'Anything', { by: 'label', pages: ['1'] }, { filing: 'not-ingested' }),
    ]
    const progress: number[] = []
    const { outcomes, latencies } = await scoreRetrieval(questions, new Set(['acme']), search, {
      onProgress: (done) => progress.push(done),
    })
    expect(progress).toEqual([1, 2, 3, 4, 5, 6])
    expect(latencies).toHaveLength(5)
    const by = Object.fromEntries(outcomes.map((o) => [o.id, o]))
    expect(by.a?.rank).toBe(1)
    expect(by.b?.rank).toBe(1)
    expect(by.b?.pageRecall5).toBe(1)
    expect(by.c?.rank).toBe(1)
    expect(by.d?.rank).toBeNull()
    expect(by.s?.skipped).toBe(true)
    const { all, bySet } = summarizeBySet(questions, outcomes)
    expect(all).toMatchObject({ n: 4, skipped: 1, 'recall@5': 0.75 })
    expect(bySet['fb.jsonl']).toMatchObject({ n: 2, 'recall@10': 0.5 })
    expect(Object.keys(summarizeByKind(questions, outcomes))).toEqual(['core'])
  })

  it('groups demo questions beside their kind', () => {
    const demo = q('x', 'Q', { by: 'label', pages: ['1'] }, { kind: 'hard', demo: true })
    expect(groupsOf(demo)).toEqual(['hard', 'demo'])
    const outcomes = [{ id: 'x', kind: 'hard' as const, rank: 2, pageRecall5: 1, pageRecall10: 1 }]
    const byKind = summarizeByKind([demo], outcomes)
    expect(Object.keys(byKind)).toEqual(['hard', 'demo'])
    expect(byKind.demo).toMatchObject({ n: 1, mrr: 0.5 })
  })
})
