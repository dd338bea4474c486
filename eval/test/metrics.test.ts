import { priceFor } from '@asks1/shared/model-prices'
import { describe, expect, it } from 'vitest'
import {
  type AnswerOutcome,
  citationPagePrecision,
  citationRecallAny,
  citationsVerified,
  containsFact,
  coversGold,
  estimateCostUsd,
  factsRecall,
  falseRefusalRate,
  firstGoldRank,
  hitAtK,
  isCorrectRefusal,
  latencySummary,
  median,
  normalizeText,
  pageRecallAtK,
  percentile,
  refusalAccuracy,
  saysNotInFiling,
  summarizeAnswers,
  summarizeRetrieval,
} from '../src/metrics'

const chunk = (pages: string[], pdfPages: number[] = []) => ({ pages, pdfPages })

describe('fact matching', () => {
  it('normalises whitespace, NBSP, curly quotes and dashes', () => {
    expect(normalizeText('Long\u2011Term\u00a0 Benefit\n“Trust”')).toBe('long-term benefit "trust"')
  })
  it('is case-insensitive and whitespace-insensitive', () => {
    expect(containsFact('Revenue was $3,711\n million', '$3,711 MILLION')).toBe(true)
    expect(containsFact('1601 Willow\u00a0Road, Menlo Park', '1601 Willow Road')).toBe(true)
  })
  it('is boundary-safe: never inside a longer number or word', () => {
    expect(containsFact('1,193,200,798 shares', '3,200')).toBe(false)
    expect(containsFact('up to 112.05 per share', '12.0')).toBe(false)
    expect(containsFact('about 3,200 employees', '3,200')).toBe(true)
    expect(containsFact('(3,200)', '3,200')).toBe(true)
    expect(containsFact('Kennedys', 'Kennedy')).toBe(false)
    expect(containsFact('Kennedy, our CEO', 'Kennedy')).toBe(true)
  })
  it('finds a later boundary-safe occurrence after a glued one', () => {
    expect(containsFact('13,200 and 3,200', '3,200')).toBe(true)
  })
  it('keeps % and $ as part of the fact', () => {
    expect(containsFact('grew 88% in 2011', '88%')).toBe(true)
    expect(containsFact('grew 88 percent', '88%')).toBe(false)
    expect(containsFact('', '')).toBe(false)
  })
})

describe('retrieval metrics', () => {
  const label = { by: 'label' as const, pages: ['154', 'F-16'] }
  it('matches printed labels exactly (p.15 is not p.154)', () => {
    expect(coversGold(chunk(['15', '16']), label)).toBe(false)
    expect(coversGold(chunk(['153', '154']), label)).toBe(true)
    expect(coversGold(chunk(['F-16']), label)).toBe(true)
  })
  it('matches FinanceBench gold against 1-based physical pages, not labels', () => {
    // evidence_page_num 47 (zero-based) became gold page 48 when the question was read
    const pdf = { by: 'pdf' as const, pages: [48] }
    expect(coversGold(chunk(['48'], [47]), pdf)).toBe(false)
    expect(coversGold(chunk(['40'], [47, 48]), pdf)).toBe(true)
  })
  it('ranks the first chunk covering a gold page', () => {
    const ranked = [chunk(['1']), chunk(['2']), chunk(['154']), chunk(['F-16'])]
    expect(firstGoldRank(ranked, label)).toBe(3)
    expect(firstGoldRank([chunk(['1'])], label)).toBeNull()
    expect(hitAtK(3, 5)).toBe(true)
    expect(hitAtK(6, 5)).toBe(false)
    expect(hitAtK(null, 10)).toBe(false)
  })
  it('page recall counts the share of gold pages covered', () => {
    const ranked = [chunk(['154']), chunk(['1']), chunk(['F-16'])]
    expect(pageRecallAtK(ranked, label, 2)).toBe(0.5)
    expect(pageRecallAtK(ranked, label, 3)).toBe(1)
  })
  it('summarises hit rate, MRR; excludes negatives and skipped; counts skipped', () => {
    const s = summarizeRetrieval([
      { id: 'a', kind: 'core', rank: 1, pageRecall5: 1, pageRecall10: 1 },
      { id: 'b', kind: 'hard', rank: 7, pageRecall5: 0, pageRecall10: 0.5 },
      { id: 'c', kind: 'core', rank: null, pageRecall5: 0, pageRecall10: 0 },
      { id: 'd', kind: 'core', rank: 2, pageRecall5: 1, pageRecall10: 1 },
      { id: 'n', kind: 'negative', rank: null, pageRecall5: 0, pageRecall10: 0 },
      { id: 's', kind: 'core', rank: null, pageRecall5: 0, pageRecall10: 0, skipped: true },
    ])
    expect(s.n).toBe(4)
    expect(s['recall@5']).toBe(0.5)
    expect(s['recall@10']).toBe(0.75)
    expect(s.mrr).toBeCloseTo((1 + 1 / 7 + 0 + 1 / 2) / 4, 4)
    expect(s.skipped).toBe(1)
    expect(s['page_recall@10']).toBe(0.625)
  })
  it('an empty run gives null rates, not 0 or NaN', () => {
    const s = summarizeRetrieval([])
    expect(s).toMatchObject({ n: 0, 'recall@5': null, 'recall@10': null, mrr: null, skipped: 0 })
    expect(
      summarizeRetrieval([{ id: 'n', kind: 'negative', rank: null, pageRecall5: 0, pageRecall10: 0 }]).mrr,
    ).toBeNull()
  })
})

const outcome = (o: Partial<AnswerOutcome>): AnswerOutcome => ({
  id: 'q',
  kind: 'core',
  goldPages: [],
  facts: [],
  answer: '',
  citations: [],
  latencyMs: 1,
  ...o,
})

describe('answer metrics', () => {
  const answers = [
    outcome({
      goldPages: ['50', 'F-4'],
      facts: ['3,711', '88%'],
      answer: 'Revenue was $3,711 million [p.50], up 88% (p.18).',
      citations: [
        { page: '50', verified: true },
        { page: '18', verified: false },
      ],
    }),
    outcome({
      goldPages: ['127'],
      facts: ['56.9'],
      answer: 'He controls 56.90% [p.127].',
      citations: [{ page: '127', verified: true }],
    }),
    outcome({
      kind: 'negative',
      answer: 'The filing does not state the offering price.',
      citations: [],
    }),
    outcome({
      kind: 'negative',
      answer: 'The price is $38 [p.1].',
      citations: [{ page: '1', verified: false }],
    }),
  ]
  it('citation page precision pools citations of answerable questions only', () => {
    expect(citationPagePrecision(answers)).toBeCloseTo(2 / 3)
    expect(citationPagePrecision([outcome({})])).toBeNull()
  })
  it('recall@any: answers citing at least one gold page', () => {
    expect(citationRecallAny(answers)).toBe(1)
  })
  it('citations verified pools every citation', () => {
    expect(citationsVerified(answers)).toBe(0.5)
  })
  it('facts recall pools gold facts, boundary-safe (56.90 is not 56.9)', () => {
    expect(factsRecall(answers)).toBeCloseTo(2 / 3)
  })
  it('refusal: says so and cites nothing', () => {
    expect(refusalAccuracy(answers)).toBe(0.5)
    expect(refusalAccuracy([answers[0] as AnswerOutcome])).toBeNull()
    expect(
      isCorrectRefusal({
        answer: 'This filing does not contain that information [p.5].',
        citations: [{ page: '5', verified: true }],
      }),
    ).toBe(false)
    expect(isCorrectRefusal({ answer: 'Not in this filing.', citations: [], error: 'HTTP 500' })).toBe(false)
  })
  it('recognises common refusal wordings and not ordinary answers', () => {
    for (const s of [
      'The filing does not disclose the price per share.',
      "I couldn't find this in the excerpts.",
      'This information is not in the filing.',
      'The prospectus does not provide figures for the first quarter of 2012.',
      'No information about Instagram appears in the retrieved excerpts.',
      'The offering price is left blank in this preliminary prospectus.',
      'No passage of the filing matched this question closely. The filing may not say; try rephrasing.',
    ])
      expect(saysNotInFiling(s), s).toBe(true)
    for (const s of [
      'Revenue was $3,711 million (p.50).',
      'Headcount was 3,200 at December 31, 2011 (p.94).',
    ])
      expect(saysNotInFiling(s), s).toBe(false)
  })
  it('false refusal rate counts answerable questions answered with a refusal', () => {
    expect(
      falseRefusalRate([outcome({ answer: 'The filing does not say.' }), outcome({ answer: 'x' })]),
    ).toBe(0.5)
  })
})

describe('latency, tokens, cost', () => {
  it('nearest-rank percentiles', () => {
    expect(percentile([], 50)).toBeNull()
    expect(percentile([5], 95)).toBe(5)
    expect(percentile([4, 1, 3, 2], 50)).toBe(2)
    const xs = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(xs, 95)).toBe(95)
    expect(percentile(xs, 100)).toBe(100)
    expect(latencySummary([1.234, 2, 3])).toEqual({ p50: 2, p95: 3 })
  })
  it('a median is a measured value: the middle, or the upper middle of an even sample', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(3)
    expect(median([7])).toBe(7)
  })
  it('prices a dated model id by its family', () => {
    expect(priceFor('claude-haiku-4-5-20251001')).toEqual({ input: 1, output: 5 })
    expect(priceFor('gpt-4')).toBeNull()
    // 5,000 input + 300 output on Haiku 4.5: 0.005 + 0.0015
    expect(estimateCostUsd({ input_tokens: 5000, output_tokens: 300 }, 'claude-haiku-4-5')).toBeCloseTo(
      0.0065,
      6,
    )
    expect(
      estimateCostUsd(
        {
          input_tokens: 0,
          output_tokens: 0,
          cache_read_input_tokens: 10_000,
          cache_creation_input_tokens: 1000,
        },
        'claude-sonnet-4-5-20250929',
      ),
    ).toBeCloseTo((1000 + 1250) * 3e-6, 8)
    expect(estimateCostUsd({ input_tokens: 1, output_tokens: 1 }, 'unknown')).toBeNull()
  })
  it('summarises answers, with tokens and cost only when usage is known', () => {
    const s = summarizeAnswers([
      outcome({
        latencyMs: 10,
        goldPages: ['1'],
        facts: ['x'],
        answer: 'x',
        citations: [{ page: '1', verified: true }],
      }),
      outcome({ latencyMs: 30, facts: ['y'], error: 'HTTP 500' }),
    ])
    expect(s).toMatchObject({ n: 2, errors: 1, facts_recall: 0.5, citation_page_precision: 1 })
    expect(s.figure_checks).toBeUndefined()
    const checked = summarizeAnswers([
      outcome({
        citations: [
          { page: '1', verified: false, figures: ['printed', 'computed'] },
          { page: '2', verified: false, figures: ['not-found', 'printed'] },
        ],
      }),
    ])
    expect(checked.figure_checks).toEqual({
      figures: 4,
      printed: 2,
      computed: 1,
      other_line_item: 0,
      not_found: 1,
    })
    expect(s.latency_ms).toEqual({ p50: 10, p95: 10 })
    expect(s.tokens).toBeUndefined()
    const llm = summarizeAnswers(
      [
        outcome({ usage: { input_tokens: 4000, output_tokens: 200 } }),
        outcome({ usage: { input_tokens: 6000, output_tokens: 400 } }),
      ],
      'claude-haiku-4-5',
    )
    expect(llm.tokens).toEqual({ input_per_answer: 5000, output_per_answer: 300 })
    expect(llm.llm_latency_ms).toBeUndefined()
    const timed = summarizeAnswers([
      outcome({ llm: { firstTextMs: 300, totalMs: 900 } }),
      outcome({ llm: { firstTextMs: null, totalMs: 100 } }),
    ])
    expect(timed.llm_latency_ms).toEqual({
      first_text: { p50: 300, p95: 300 },
      stream: { p50: 100, p95: 900 },
    })
    expect(llm.cost_usd_per_answer).toBeCloseTo(0.0065, 6)
  })
})
