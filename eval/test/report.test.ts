import { describe, expect, it } from 'vitest'
import { compareReports, formatDeltas, numericLeaves } from '../src/compare'
import { alignTables, type EvalReport, reportMarkdown } from '../src/report'
import { report, rs } from './report-fixture'

/** Table cells are padded for alignment: compare with runs of spaces collapsed. */
const squash = (md: string) => md.replace(/ {2,}/g, ' ')

describe('Markdown report', () => {
  it('aligns table columns and keeps the rule rows', () => {
    expect(alignTables('x\n| a | bb |\n|---|---|\n| 1 | – |\ny')).toBe(
      'x\n| a   | bb  |\n| --- | --- |\n| 1   | –   |\ny',
    )
  })

  it('has the page, retrieval and answer tables and lists retrieval misses (not negatives)', () => {
    const md = squash(reportMarkdown(report()))
    expect(md).toContain('| facebook-s1 | samples/facebook-s1.pdf | 500 | 99.8% |')
    expect(md).toContain('| all | keyword | 50 | 60.0% | 70.0% | 0.500 | 50.0% | 0 |')
    expect(md).toContain('| keyword | 1.50 ms | 3.00 ms |')
    expect(md).toContain('| gold facts in the answer | 40.0% |')
    expect(md).toContain(
      '| facebook-s1 | samples/facebook-s1.pdf | 9.5 | 187 | 700 | 7.2 s | 0.3 s | 0.0 s | 0.0 s | 0.9 s |',
    )
    expect(md).toContain('- facebook-s1-01 (core)')
    expect(md).not.toContain('facebook-s1-02 (core)')
    expect(md).not.toContain('facebook-s1-26')
    expect(md).not.toContain('tokens per answer')
  })
  it('has per-kind rows for retrieval and answers', () => {
    const base = report()
    const summary = base.answers as NonNullable<EvalReport['answers']>
    const md = squash(
      reportMarkdown({
        ...base,
        retrieval: { ...base.retrieval, by_kind: { demo: { keyword: rs({ n: 8, 'recall@5': 0.5 }) } } },
        answers_by_kind: {
          demo: { ...summary, n: 8 },
          negative: { ...summary, n: 10, refusal_accuracy: 0.3 },
        },
      }),
    )
    expect(md).toContain('| kind: demo | keyword | 8 | 50.0% |')
    expect(md).toContain('| demo | 8 | 50.0% | 70.0% | 40.0% | 0.0% |')
    expect(md).toContain('| negative | 10 | 50.0% | – | 40.0% | 30.0% |')
  })
  it('shows tokens and cost in llm mode', () => {
    const r = report({ answer_mode: 'llm', llm_model: 'claude-haiku-4-5' })
    r.answers = {
      ...(r.answers as NonNullable<EvalReport['answers']>),
      tokens: { input_per_answer: 5000, output_per_answer: 300 },
      cost_usd_per_answer: 0.0065,
    }
    const md = squash(reportMarkdown(r))
    expect(md).toContain('| tokens per answer (in / out) | 5000 / 300 |')
    expect(md).toContain('$0.00650')
  })
})

describe('comparison with a baseline', () => {
  it('flattens numeric leaves', () => {
    expect([...numericLeaves({ a: 1, b: { c: 2, d: 'x', e: null }, f: [1] })]).toEqual([
      ['a', 1],
      ['b.c', 2],
    ])
  })
  it('judges direction: higher recall is better, higher latency is worse', () => {
    const base = report()
    const cur = report({
      retrieval: { ...base.retrieval, 'recall@5': 0.7 },
      answers: { ...(base.answers as NonNullable<EvalReport['answers']>), latency_ms: { p50: 5, p95: 20 } },
      pages: [{ ...(base.pages[0] as EvalReport['pages'][number]), accuracy: 0.99 }],
    })
    const deltas = compareReports(cur, base)
    const by = Object.fromEntries(deltas.map((d) => [d.path, d]))
    expect(by['retrieval.recall@5']).toMatchObject({
      baseline: 0.6,
      current: 0.7,
      delta: 0.1,
      verdict: 'better',
    })
    expect(by['answers.latency_ms.p95']).toMatchObject({ delta: 8, verdict: 'worse' })
    expect(by['pages.facebook-s1']).toMatchObject({ verdict: 'worse' })
    expect(by['answers.facts_recall']?.verdict).toBe('same')
    const text = formatDeltas(deltas)
    expect(text).toMatch(/retrieval\.recall@5\s+0\.6 -> 0\.7 \(\+0\.1\)\s+better/)
    expect(text).not.toContain('answers.facts_recall')
    expect(text).toContain('1 better, 2 worse than the baseline.')
  })
  it('treats timing wobble within 25% (and 1 ms) as no change', () => {
    const base = {
      answers: { latency_ms: { p50: 40, p95: 100 } },
      retrieval: { latency_ms: { keyword: { p50: 0.9 } } },
    }
    const cur = {
      answers: { latency_ms: { p50: 49, p95: 130 } },
      retrieval: { latency_ms: { keyword: { p50: 1.8 } } },
    }
    const by = Object.fromEntries(compareReports(cur, base).map((d) => [d.path, d.verdict]))
    expect(by).toEqual({
      'answers.latency_ms.p50': 'same',
      'answers.latency_ms.p95': 'worse',
      'retrieval.latency_ms.keyword.p50': 'same',
    })
  })
  it('reports figures new or gone and an unchanged run', () => {
    const base = report()
    const deltas = compareReports(
      { retrieval: { 'recall@5': 1, extra: 2 } },
      { retrieval: { 'recall@5': 1, old: 3 } },
    )
    expect(deltas.find((d) => d.path === 'retrieval.extra')?.verdict).toBe('new')
    expect(deltas.find((d) => d.path === 'retrieval.old')?.verdict).toBe('gone')
    expect(formatDeltas(compareReports(base, base))).toBe('No change against the baseline.')
  })
})
