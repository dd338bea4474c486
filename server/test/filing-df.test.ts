/**
 * The filing's own document frequencies in the answer ranker (first quote round, docs/answers.md):
 * counted over every sentence and row of the stored version, read once per version from a real
 * SQLite store, and used for BM25 and coverage while the evidence stays local.
 */
import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { SearchHit } from '@asks1/shared/store'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { everydayZipf } from '../src/answer/everyday'
import { evidenceModel } from '../src/answer/evidence-model'
import { filingVocabulary } from '../src/answer/filing-df'
import { analyzeQuestion } from '../src/answer/question'
import { rankUnits } from '../src/answer/rank'
import { SELECT_DEFAULTS, selectQuotes } from '../src/answer/select'
import { vocabularyOf } from '../src/services/filing-vocabulary'
import { makeEnv, seedFiling, type TestEnv } from './helper'

const page = (label: string, text: string): PageRecord => ({ label, pdfPages: [], matter: 'body', text })

const hit = (text: string, pages: string[], score = 1): SearchHit => ({
  chunk: {
    id: pages.join('-'),
    filing: 'acme-s1',
    version: 'v',
    ordinal: 0,
    text: `[p.${pages[0]}] ${text}`,
    pages,
    pdfPages: [],
    section: null,
    fallback: false,
  },
  score,
})

describe('filingVocabulary', () => {
  it('counts each term once per sentence or row, and phrases by their text', () => {
    const v = filingVocabulary([
      page('1', 'We have never paid a dividend. Dividend policy is set by the board, dividend by dividend.'),
      page('2', 'Our revenue grew strongly. Total revenue was $3,711 million in 2011.'),
    ])
    expect(v.units).toBe(4)
    expect(v.df('dividend')).toBe(2)
    expect(v.df('revenu')).toBe(2)
    expect(v.df('total revenu')).toBe(1)
    expect(v.df('zynga')).toBe(0)
  })
})

describe('the ranker with the filing IDF', () => {
  // Among the retrieved passages "dividend" is in every unit and "ever" in one, so the retrieved
  // units' own IDF weighs the incidental "ever" most; in the filing "dividend" is the rare word.
  const hits = [
    hit('Hackers believe that nothing is ever complete; we have ever paid heed to users.', ['69']),
    hit('We have never declared or paid any cash dividend on our capital stock.', ['34']),
    hit('The preferred stock carries a dividend of 8% when declared.', ['F-20']),
    hit('Any dividend will be at the discretion of our board of directors.', ['35']),
  ]
  const q = analyzeQuestion('Has Acme ever paid a dividend?', 'Acme Rockets, Inc.')
  const filing = {
    units: 10_000,
    df: (t: string) => ({ dividend: 40, ever: 900, pai: 700 })[t] ?? 0,
  }

  it('opens with the dividend policy sentence, not the incidental word', () => {
    const local = rankUnits(q, evidenceModel(q, hits))
    expect(local[0]?.pages).toEqual(['69'])
    const ranked = rankUnits(q, evidenceModel(q, hits, { filing }))
    expect(ranked[0]?.pages).toEqual(['34'])
  })

  it('keeps the evidence (the abstention and the badges) on the retrieved units', () => {
    const local = evidenceModel(q, hits)
    const withFiling = evidenceModel(q, hits, { filing })
    for (const h of hits)
      expect(withFiling.measure(h.chunk.text).evidence).toBe(local.measure(h.chunk.text).evidence)
  })
})

describe('followers', () => {
  it('a follower holds the asked kind of answer when the best does', () => {
    const q = analyzeQuestion('What percentage of Acme revenue came from advertising?', 'Acme Rockets, Inc.')
    const hits = [
      hit('Advertising accounted for 85% of our revenue in 2011.', ['12']),
      hit('Advertising revenue was $3,154 million in 2011.', ['13']),
      hit('Advertising made up 83% of our revenue in 2010.', ['50']),
    ]
    // The type rule alone: the third passage's follower would otherwise go by the weak-first rule
    // (the best holds under 0.45 of the question's weighted terms; tested in answer.test.ts).
    const sel = selectQuotes(q, rankUnits(q, evidenceModel(q, hits)), { ...SELECT_DEFAULTS, weakBest: 0 })
    expect(sel.abstained).toBe(false)
    if (!sel.abstained) expect(sel.quotes.map((u) => u.pages[0])).toEqual(['12', '50'])
  })
})

describe('vocabularyOf', () => {
  let env: TestEnv
  beforeAll(async () => {
    env = await makeEnv({ seed: false })
  })
  afterAll(async () => {
    await env?.cleanup()
  })

  it('reads the live version once and a new version afresh', async () => {
    await seedFiling(env.store, 'acme-s1', [
      page('1', 'Our dividend policy is set by the board of directors.'),
    ])
    const v1 = (await env.store.status('acme-s1'))?.version as string
    const first = vocabularyOf(env.store, 'acme-s1', v1)
    expect(vocabularyOf(env.store, 'acme-s1', v1)).toBe(first)
    expect((await first).df('dividend')).toBe(1)
    await seedFiling(env.store, 'acme-s1', [
      page('1', 'We have never paid a dividend.'),
      page('2', 'Any dividend is at the discretion of the board.'),
    ])
    const v2 = (await env.store.status('acme-s1'))?.version as string
    expect(v2).not.toBe(v1)
    expect((await vocabularyOf(env.store, 'acme-s1', v2)).df('dividend')).toBe(2)
  })

  it('lets other work run between pages while it counts', async () => {
    await seedFiling(
      env.store,
      'acme-s1',
      Array.from({ length: 6 }, (_, i) => page(String(i + 1), `Page ${i + 1} of the dividend policy.`)),
    )
    const version = (await env.store.status('acme-s1'))?.version as string
    // Both wait for the pages' read; a count that held the event loop to the end would finish
    // before the immediate queued beside it runs.
    const order: string[] = []
    const counted = vocabularyOf(env.store, 'acme-s1', version).then((v) => {
      order.push('counted')
      return v
    })
    const other = env.store
      .getPages('acme-s1', { version })
      .then(() => new Promise((done) => setImmediate(done)))
      .then(() => order.push('other'))
    await Promise.all([counted, other])
    expect(order).toEqual(['other', 'counted'])
    expect((await counted).df('dividend')).toBe(6)
  })

  it('does not remember a failed read', async () => {
    await expect(vocabularyOf(env.store, 'acme-s1', 'no-such-version')).rejects.toThrow()
    await expect(vocabularyOf(env.store, 'acme-s1', 'no-such-version')).rejects.toThrow()
  })
})

describe('everyday words', () => {
  it('reads how common a term is in everyday English (SUBTLEX-US Zipf)', () => {
    expect(everydayZipf('monei')).toBeGreaterThan(5.8)
    expect(everydayZipf('come')).toBeGreaterThan(5.8)
    expect(everydayZipf('dividend')).toBeLessThan(3)
    expect(everydayZipf('total revenu')).toBe(0)
  })

  it('a reader’s everyday word weighs less in the ranking, not in the evidence', () => {
    // "money" is as rare as "raise" among these units; the filing prints it in "money market funds".
    // (Not "how much money": there it is the frame of an amount, not a term; query.ts.)
    const q = analyzeQuestion('How did Acme raise money?', 'Acme Rockets, Inc.')
    const hits = [
      hit('Cash of $0.1 million was held in money market accounts as collateral, money we cannot use.', [
        'F-8',
      ]),
      hit('Since our inception, we have raised $188.3 million from the sale of preferred stock.', ['2']),
    ]
    const model = evidenceModel(q, hits)
    const ranked = rankUnits(q, model)
    expect(ranked[0]?.pages).toEqual(['2'])
    const [money, raised] = hits.map((h) => model.measure(h.chunk.text))
    expect(money?.evidence).toBeCloseTo(raised?.evidence as number, 6)
  })
})
