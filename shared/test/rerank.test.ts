import { describe, expect, it } from 'vitest'
import type { Chunk } from '../src/contract/chunk'
import { ALL_FEATURES, featuresOff } from '../src/retrieval/features'
import { analyzeQuery } from '../src/retrieval/query'
import {
  discriminating,
  diversify,
  NEAR_CHUNKS,
  newPagesFirst,
  passageWords,
  periodEvidence,
  proximity,
  repeats,
  rerank,
  sectionEvidence,
} from '../src/retrieval/rerank'
import type { SearchHit } from '../src/retrieval/store/types'
import { keywordTerms } from '../src/retrieval/terms'

const hit = (id: string, text: string, section: string | null = null): SearchHit => ({
  chunk: {
    id,
    filing: 'f',
    version: 'v',
    ordinal: 0,
    text: `[p.1] ${text}`,
    pages: ['1'],
    pdfPages: [],
    section,
    fallback: false,
  } satisfies Chunk,
  score: 0,
})

describe('rerank evidence', () => {
  it('proximity: the question’s terms within one window count, scattered ones do not', () => {
    const terms = new Set(keywordTerms('net cash operating activities'))
    const near = passageWords('net cash provided by operating activities was $10 million')
    const far = keywordTerms(
      `net ${'filler '.repeat(30)} cash ${'filler '.repeat(30)} operating ${'filler '.repeat(30)} activities`,
    )
    expect(proximity(near, terms)).toBe(1)
    expect(proximity(far, terms)).toBe(0)
  })

  it('period: the asked years printed in the passage', () => {
    const q = analyzeQuery('What was revenue in fiscal 2015 and 2014?')
    expect(periodEvidence(new Set(keywordTerms('revenue of $6.8 billion in 2015')), q)).toBe(0.5)
    expect(periodEvidence(new Set(keywordTerms('revenue')), analyzeQuery('What was revenue?'))).toBe(0)
  })

  it('section: a standard section describing what is asked', () => {
    const q = analyzeQuery('How many persons does the company employ full-time?')
    expect(sectionEvidence('BUSINESS › Employees', q)).toBeGreaterThan(0)
    expect(sectionEvidence('Some Other Heading', q)).toBe(0)
  })

  it('turns parts on (RETRIEVAL_ON) and off (RETRIEVAL_OFF), and RETRIEVAL_OFF wins', () => {
    // Table rows are part of the default ranking (docs/tables.md, "Rows in the default ranking").
    expect(ALL_FEATURES.rows).toBe(true)
    expect(featuresOff(undefined, undefined)).toEqual(ALL_FEATURES)
    expect(featuresOff('rows').rows).toBe(false)
    expect(featuresOff(undefined, 'rows').rows).toBe(true)
    expect(featuresOff('rows', 'rows').rows).toBe(false)
    expect(() => featuresOff(undefined, 'row')).toThrow(/RETRIEVAL_ON: unknown feature "row"/)
  })

  it('reorders neighbours on evidence, and each switch turns its part off', () => {
    const q = analyzeQuery('What percentage of revenue came from advertising in 2010?')
    const hits = [
      hit('a', 'Advertising is sold by our sales team to marketers and agencies.'),
      hit('b', 'In 2010, advertising revenue was 88% of total revenue.'),
    ]
    expect(rerank(q, hits, ALL_FEATURES).map((h) => h.chunk.id)).toEqual(['b', 'a'])
    const none = featuresOff('proximity,period,answer,section')
    expect(rerank(q, hits, none).map((h) => h.chunk.id)).toEqual(['a', 'b'])
  })

  it('pool: proximity leaves out a term nearly every candidate holds', () => {
    const passages = ['acme revenue grew', 'acme employees', 'acme offices'].map((t) => ({
      wordSet: new Set(passageWords(t)),
    }))
    const terms = discriminating(keywordTerms('acme revenue'), passages)
    expect([...terms]).toEqual(keywordTerms('revenue'))
  })

  it('rejects an unknown switch name', () => {
    expect(() => featuresOff('heading,nonsense')).toThrow(/unknown feature "nonsense"/)
  })
})

describe('rerank scores', () => {
  it('gives each hit the score it is ordered by', () => {
    const q = analyzeQuery('What percentage of revenue came from advertising in 2010?')
    const out = rerank(
      q,
      [hit('a', 'Advertising is sold to marketers.'), hit('b', 'In 2010, 88% of revenue.')],
      ALL_FEATURES,
    )
    const scores = out.map((h) => h.score)
    expect(scores).toEqual([...scores].sort((x, y) => y - x))
    expect(scores[0]).toBeGreaterThan(0)
  })
})

describe('neighbouring passages of one section, fewer on top', () => {
  const scored = (rows: [string, string, number, number][]) =>
    rows.map(([id, section, ordinal, score], rank) => {
      const h = hit(id, id, section)
      return { hit: { ...h, chunk: { ...h.chunk, ordinal } }, score, rank }
    })

  it('takes a passage from another section over a neighbour of one taken', () => {
    const pool = scored([
      ['risk-1', 'RISK FACTORS', 40, 1.4],
      ['risk-2', 'RISK FACTORS', 41, 1.3],
      ['risk-3', 'RISK FACTORS', 42, 1.25],
      ['business', 'BUSINESS', 10, 1.2],
    ])
    const out = diversify(pool, 0.2)
    // The best stays as scored; risk-2 is taken at 1.3 − 0.2, risk-3 at 1.25 − 2 × 0.2.
    expect(out.map((s) => s.hit.chunk.id)).toEqual(['risk-1', 'business', 'risk-2', 'risk-3'])
    expect(out.map((s) => Math.round(s.score * 100) / 100)).toEqual([1.4, 1.2, 1.1, 0.85])
  })

  it('leaves far passages of one section, distinct sections and a weight of 0 in order', () => {
    const pool = scored([
      ['a', 'RISK FACTORS', 20, 1],
      ['b', 'RISK FACTORS', 20 + NEAR_CHUNKS + 1, 0.95],
      ['c', 'UNDERWRITING', 200, 0.9],
      ['d', 'UNDERWRITING', 201, 0.85],
      ['e', 'USE OF PROCEEDS', 202, 0.8],
    ])
    expect(diversify(pool.slice(0, 3), 0.2).map((s) => s.hit.chunk.id)).toEqual(['a', 'b', 'c'])
    expect(diversify(pool, 0.2).map((s) => s.hit.chunk.id)).toEqual(['a', 'b', 'c', 'e', 'd'])
    expect(diversify(pool, 0).map((s) => s.hit.chunk.id)).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('does not lower a neighbour printing a question term the passage above it lacks', () => {
    const pool = scored([
      ['note-1', 'NOTES › Income Taxes', 80, 1.4],
      ['note-2', 'NOTES › Income Taxes', 81, 1.3],
      ['note-3', 'NOTES › Income Taxes', 82, 1.25],
      ['mdna', 'MD&A', 30, 1.2],
    ]).map((s, i) => ({ ...s, held: new Set(i === 2 ? ['tax', 'unrecogn'] : ['tax']) }))
    // note-3 prints "unrecognized", which neither passage above it does: the rest of the answer.
    expect(diversify(pool, 0.2).map((s) => s.hit.chunk.id)).toEqual(['note-1', 'note-3', 'mdna', 'note-2'])
    // Printing only what they print, it is their echo and moves below the other section.
    const echo = pool.map((s) => ({ ...s, held: new Set(['tax']) }))
    expect(diversify(echo, 0.2).map((s) => s.hit.chunk.id)).toEqual(['note-1', 'mdna', 'note-2', 'note-3'])
    const [a, , c] = pool as [(typeof pool)[0], unknown, (typeof pool)[0]]
    expect(repeats(c, a)).toBe(true)
    expect(repeats(a, c)).toBe(false)
  })

  it('is a switch of the rerank (RETRIEVAL_OFF=diverse)', () => {
    const q = analyzeQuery('Does the company face litigation?')
    const hits = [
      hit('r1', 'Litigation could harm us.', 'RISK FACTORS'),
      hit('r2', 'Litigation is costly.', 'RISK FACTORS'),
      hit('r3', 'Litigation takes time.', 'RISK FACTORS'),
      hit('l', 'We are party to litigation.', 'MANAGEMENT'),
    ]
    const ids = (f: typeof ALL_FEATURES) => rerank(q, hits, f).map((h) => h.chunk.id)
    expect(ids({ ...ALL_FEATURES, diverse: false, pages: false })).toEqual(['r1', 'r2', 'r3', 'l'])
    expect(ids({ ...ALL_FEATURES, diverse: true, pages: false })).toEqual(['r1', 'l', 'r2', 'r3'])
  })
})

describe('the form caption printed whole', () => {
  it('lifts a passage printing the caption of a location question, not one printing its words apart', () => {
    const q = analyzeQuery('Where is the company based?')
    const apart = hit(
      'caption-a',
      'Our executive officers are paid a base salary; the principal terms follow.',
    )
    const whole = hit(
      'caption-b',
      'Our principal executive offices are located at 2101 Webster Street, Oakland.',
    )
    // Both on one page here: new pages first (`pages`) would otherwise keep the first shown.
    const on = featuresOff('pages')
    expect(rerank(q, [apart, whole], on)[0]?.chunk.id).toBe('caption-b')
    const off = featuresOff('pages,captionprinted')
    const scores = (features: typeof off) =>
      Object.fromEntries(rerank(q, [apart, whole], features).map((h) => [h.chunk.id, h.score]))
    expect((scores(on)['caption-b'] as number) - (scores(off)['caption-b'] as number)).toBeCloseTo(0.5)
    expect(scores(on)['caption-a']).toBeCloseTo(scores(off)['caption-a'] as number)
  })

  it('is no evidence for a question asking another kind of answer', () => {
    const q = analyzeQuery('How many employees does the company have?')
    const whole = hit(
      'caption-b',
      'Our principal executive offices are located at 2101 Webster Street, Oakland.',
    )
    const on = rerank(q, [whole], ALL_FEATURES)[0]?.score
    expect(on).toBeCloseTo(rerank(q, [whole], featuresOff('captionprinted'))[0]?.score as number)
  })
})

describe('new pages first', () => {
  const on = (id: string, pages: string[], score: number) => ({ chunk: { id, pages }, score })
  it('moves a passage whose pages all show above it after those that show a new page', () => {
    const out = newPagesFirst([
      on('a', ['78', '79'], 1.4),
      on('b', ['79'], 1.3),
      on('c', ['12'], 1.2),
      on('d', ['79', '80'], 1.1),
      on('e', ['78'], 1.0),
    ])
    expect(out.map((h) => h.chunk.id)).toEqual(['a', 'c', 'd', 'b', 'e'])
    const scores = out.map((h) => h.score)
    expect(scores).toEqual([...scores].sort((x, y) => y - x))
    expect(scores.slice(0, 3)).toEqual([1.4, 1.2, 1.1])
  })

  it('keeps scores in order when a passage shown first scores at or below 0', () => {
    for (const floor of [0, -0.5]) {
      const out = newPagesFirst([
        on('a', ['1'], 1),
        on('b', ['1'], 0.8),
        on('c', ['1'], 0.6),
        on('d', ['2'], floor),
      ])
      expect(out.map((h) => h.chunk.id)).toEqual(['a', 'd', 'b', 'c'])
      const scores = out.map((h) => h.score)
      expect(scores).toEqual([...scores].sort((x, y) => y - x))
      expect(new Set(scores).size).toBe(4)
    }
  })

  it('leaves a list of new pages alone', () => {
    const hits = [on('a', ['1'], 2), on('b', ['2'], 1)]
    expect(newPagesFirst(hits)).toEqual(hits)
  })
})
