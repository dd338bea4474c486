import { resolve } from 'node:path'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { describe, expect, it } from 'vitest'
import {
  type CoreQuestion,
  coreFilings,
  coreResults,
  evalArgv,
  groupsTable,
  outcomeCounts,
  outcomeOf,
  templateTable,
} from '../src/core'
import { firstQuote } from '../src/metrics'
import type { QuestionDetail } from '../src/report'

const ROOT = resolve(import.meta.dirname, '../..')

const extractive = [
  'From the filing (quoted as printed):',
  '',
  '- Of the holders in the table [p.127]:',
  '  - Mark Zuckerberg — Class B: 533,801,850; %: 28.4 [p.127]',
  '- “Other stockholders hold less.” [p.128]',
].join('\n')

describe('firstQuote', () => {
  it('takes the first bullet with the rows indented under it', () => {
    expect(firstQuote(extractive)).toBe(
      '- Of the holders in the table [p.127]:\n  - Mark Zuckerberg — Class B: 533,801,850; %: 28.4 [p.127]',
    )
  })
  it('takes the first paragraph of prose', () => {
    expect(firstQuote('\nErnst & Young LLP audits it [p.150].\n\nMore text.')).toBe(
      'Ernst & Young LLP audits it [p.150].',
    )
  })
})

const q = (over: Partial<CoreQuestion> = {}): CoreQuestion => ({
  id: 'x-core-01',
  filing: 'x',
  template: 'T14',
  kind: 'core',
  gold_pages: ['127'],
  gold_facts: ['Zuckerberg', '28.4'],
  ...over,
})
type Answer = NonNullable<QuestionDetail['answer']>
const a = (over: Partial<Answer> = {}): Answer => ({
  text: extractive,
  cited: ['127', '128'],
  gold_cited: 1,
  unverified: [],
  facts_found: ['Zuckerberg', '28.4'],
  facts_missing: [],
  refused: false,
  latency_ms: 1,
  ...over,
})

describe('outcomeOf', () => {
  it('first: the first quote cites a gold page and holds every fact', () => {
    expect(outcomeOf(q(), a())).toBe('first')
    expect(outcomeOf(q(), a({ text: 'cut', first_quote_facts: ['Zuckerberg', '28.4'] }))).toBe('first')
  })
  it('later: right, but the first quote misses a fact or cites another page', () => {
    expect(outcomeOf(q(), a({ first_quote_facts: ['Zuckerberg'] }))).toBe('later')
    expect(outcomeOf(q(), a({ cited: ['128', '127'] }))).toBe('later')
  })
  it('wrong: a fact missing, or no gold page cited', () => {
    expect(outcomeOf(q(), a({ facts_missing: ['28.4'] }))).toBe('wrong')
    expect(outcomeOf(q(), a({ gold_cited: 0 }))).toBe('wrong')
  })
  it('refused, and negatives', () => {
    expect(outcomeOf(q(), a({ refused: true, cited: [] }))).toBe('refused')
    expect(outcomeOf(q({ kind: 'negative' }), a({ refused: true }))).toBe('neg-refused')
    expect(outcomeOf(q({ kind: 'negative' }), a())).toBe('neg-answered')
  })
})

describe('the battery run', () => {
  const registry = loadRegistry(resolve(ROOT, 'filings.json'))
  const filings = coreFilings(registry, '/shared')
  it('tuning-core from the registry, check-core beside the repo', () => {
    expect(filings.map((f) => [f.id, f.group])).toEqual([
      ['facebook-s1', 'tuning-core'],
      ['pandora-s1', 'tuning-core'],
      ['camp4-424b4', 'check-core'],
      ['twitter-10k-2013', 'check-core'],
    ])
    expect(filings[0]?.file).toBe(registry.get('facebook-s1')?.sourcePath)
    expect(filings[3]?.file).toBe('/shared/filings/twitter-10k-2013.pdf')
  })
  it('passes pnpm eval only the core files', () => {
    const argv = evalArgv(filings, '/tmp/out')
    expect(argv.filter((x) => x.endsWith('.jsonl')).every((x) => x.includes('/eval/questions/core/'))).toBe(
      true,
    )
    expect(argv).toContain(`facebook-s1=${registry.get('facebook-s1')?.sourcePath}`)
    expect(argv.slice(-3)).toEqual(['--out', '/tmp/out', '--json'])
  })
  it('joins outcomes to templates and tabulates them', () => {
    const details = [
      { id: 'x-core-01', filing: 'x', kind: 'core', set: 'x.jsonl', rank: {}, answer: a() },
      { id: 'x-core-02', filing: 'x', kind: 'core', set: 'x.jsonl', rank: {}, answer: a({ refused: true }) },
    ] satisfies QuestionDetail[]
    const results = coreResults([q(), q({ id: 'x-core-02' }), q({ id: 'x-core-03' })], details)
    expect(results.map((r) => r.outcome)).toEqual(['first', 'refused'])
    expect(templateTable([{ id: 'T14', item: 'Item 403', topic: 'holder' }], ['x', 'y'], results)).toContain(
      '| T14 holder | Item 403 | first / REFUSED | n/a |',
    )
    expect(outcomeCounts(results, () => 'g').g).toMatchObject({ first: 1, refused: 1, wrong: 0 })
  })
  it('prints the two groups side by side', () => {
    const s = { n: 2, facts_recall: 0.5, refusal_accuracy: null } as never
    const table = groupsTable({ 'tuning-core': s, 'check-core': undefined })
    expect(table).toContain('| facts found (answerable) | 50.0% | – |')
    expect(table).toContain('| negatives refused | – | – |')
  })
})
