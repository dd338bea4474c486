/**
 * The change report against known changes: the real EDGAR pair (TR Finance F-10/F-3 → F-3/A) must yield
 * each known change and nothing spurious, and so must the synthetic pairs made from both bundled S-1s
 * (price range filled in, risk factor added, capitalization figure changed, section moved). The
 * documents are read by ingest's real page reader (pdf.js for the PDF).
 */
import { resolve } from 'node:path'
import { readPages } from '@asks1/ingest'
import { compareVersions } from '@asks1/shared/amend'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { beforeAll, describe, expect, it } from 'vitest'
import { defaultKnownPairs, defaultSamples, evaluateAmendments, loadKnownPair } from '../src/amend/run'
import { reportedItems, scorePair } from '../src/amend/score'
import { addRiskFactor, fillPriceRange, moveSection } from '../src/amend/synthetic'

const ROOT = resolve(import.meta.dirname, '../..')

describe('amendment report against known changes', () => {
  it('finds every known change of the real pair and of every synthetic pair, and nothing else', async () => {
    const result = await evaluateAmendments({
      knownPairs: defaultKnownPairs(ROOT),
      samples: defaultSamples(ROOT),
      root: ROOT,
    })
    const problems = result.pairs.flatMap((p) => [
      ...p.missed.map((m) => `${p.pair}: missed ${m.id}`),
      ...p.spurious.map((s) => `${p.pair}: spurious ${s.kind} ${s.cite} ${s.text.slice(0, 80)}`),
    ])
    expect(problems).toEqual([])
    expect(result.pairs).toHaveLength(1 + 4 * 2)
    expect(result.total.found).toBe(result.total.known)
    expect(result.total.known).toBeGreaterThanOrEqual(29)
  }, 180_000)
})

describe('amendment report details', () => {
  let pandora: PageRecord[]
  beforeAll(async () => {
    pandora = (await readPages(resolve(ROOT, 'samples/pandora-s1.htm'))).pages
  }, 60_000)

  it('reports nothing between a version and itself', () => {
    const r = compareVersions(pandora, pandora)
    expect(r.sections).toEqual([])
    expect(r.figures).toEqual([])
  })

  it('cites a filled-in price range on both sides with its printed page and names its term', () => {
    const pair = fillPriceRange(pandora)
    const r = compareVersions(pandora, pair.after)
    const price = r.figures.filter((f) => f.term === 'price range')
    expect(price.length).toBeGreaterThan(0)
    for (const f of price) {
      expect(f.from.pages.length).toBeGreaterThan(0)
      expect(f.to.pages).toEqual(f.from.pages)
      // The old side's page prints the blank the new side fills in.
      const page = pandora.find((p) => p.label === f.from.pages[0] && /\$ and \$|\$ per share/.test(p.text))
      expect(page).toBeDefined()
    }
  })

  it('gives a new risk factor the page it was inserted on, old side the page it would have stood on', () => {
    const pair = addRiskFactor(pandora)
    const r = compareVersions(pandora, pair.after)
    expect(r.sections).toHaveLength(1)
    const [change] = r.sections[0]?.changes ?? []
    const inserted = pair.after.find((p) => p.text.includes('major record labels may not be renewed'))
    expect(change?.kind).toBe('added')
    expect(change?.to.pages).toEqual([inserted?.label])
    expect(change?.from.pages).toEqual([inserted?.label])
    expect(r.sections[0]?.path).toContain('RISK FACTORS')
  })

  it('marks the moved section, not the ones it jumped over', () => {
    const pair = moveSection(pandora, 'DIVIDEND POLICY', 'DILUTION')
    const r = compareVersions(pandora, pair.after)
    expect(r.sections.map((s) => [s.status, s.path.at(-1)])).toEqual([['moved', 'DIVIDEND POLICY']])
    expect(r.sections[0]?.changes).toEqual([])
  })

  it('counts a reported change that matches no known change as spurious', () => {
    const known = loadKnownPair(defaultKnownPairs(ROOT)[0] as string, ROOT).known
    const pair = addRiskFactor(pandora)
    const score = scorePair('mismatch', compareVersions(pandora, pair.after), known)
    expect(score.spurious.map((s) => s.kind)).toEqual(['passage'])
    expect(score.precision).toBe(0)
    expect(reportedItems(compareVersions(pandora, pandora))).toEqual([])
  })
})
