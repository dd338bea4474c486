import { afterAll, describe, expect, it, vi } from 'vitest'
import { analyzeQuery, expansions, searchTerms } from '../src/retrieval/query'
import { stem } from '../src/retrieval/terms'
import {
  baseForms,
  closeWordNet,
  DERIVE_WEIGHT,
  derivedWords,
  namesPersonTitle,
  spelledOut,
  synonymWords,
  useWordNetDir,
} from '../src/retrieval/wordnet'

afterAll(() => closeWordNet())

describe('WordNet derivations', () => {
  it("finds a word's base forms in WordNet's index (morphy's detachment rules)", () => {
    expect(baseForms('employees')).toContainEqual({ lemma: 'employee', pos: 'n' })
    expect(baseForms('owns')).toContainEqual({ lemma: 'own', pos: 'v' })
    expect(baseForms('zzzqx')).toEqual([])
  })

  it('links a verb to its derived nouns, and a noun back to its verb', () => {
    expect(derivedWords('employ')).toEqual(expect.arrayContaining(['employee', 'employer', 'employment']))
    expect(derivedWords('employees')).toContain('employ')
    expect(derivedWords('grow')).toContain('growth')
    // Only single words, never the word itself.
    for (const w of derivedWords('invest')) expect(w).toMatch(/^[a-z]+$/)
    expect(derivedWords('invest')).not.toContain('invest')
  })

  it("gives the index terms a question's words are related to, not its own terms", () => {
    const q = analyzeQuery('How many people does the company employ?')
    const more = expansions(q).derived
    // Porter keeps "employ" (emploi) and "employees" (employe) apart; WordNet joins them.
    expect(more).toContain(stem('employees'))
    for (const t of more) expect(q.terms).not.toContain(t)
    expect(expansions({ text: 'the of and', terms: [] }).derived).toEqual([])
  })

  it("takes synonyms from the word's most frequent sense only", () => {
    expect(synonymWords('stockholders')).toEqual(expect.arrayContaining(['shareholder']))
    // Revenue's first sense is "gross, revenue, receipts"; its second (a government's income) adds none.
    expect(synonymWords('revenue')).toEqual(['gross', 'receipts'])
    const q = analyzeQuery("What was the company's bottom-line profit?")
    const { derived, synonyms: syn } = expansions(q)
    expect(syn).toContain(stem('earnings'))
    for (const t of syn) expect([...q.terms, ...derived]).not.toContain(t)
  })

  it('leaves names alone: a capitalised word inside a sentence is not expanded', () => {
    const q = analyzeQuery('How did Target grow its stores?')
    expect(expansions(q).derived).toContain(stem('growth'))
    expect(expansions(q).synonyms).not.toContain(stem('mark'))
    // The same word in lower case, or first in its sentence, is the common word.
    const common = analyzeQuery('Target: how was the sales target set?')
    expect(expansions(common).synonyms).toContain(stem('mark'))
  })
})

describe('acronyms spelled out (RETRIEVAL_ON=acronyms)', () => {
  it("gives the words of the sense whose initials spell the acronym, not the synset's others", () => {
    expect(spelledOut('CEO')).toEqual(['chief', 'executive', 'officer'])
    expect(spelledOut('IPO')).toEqual(['initial', 'public', 'offering'])
    expect(spelledOut('XQZ')).toEqual([])
  })

  it('searches them as derivations only when the switch is on', () => {
    const q = analyzeQuery('How much cash did CAMP4 have before the IPO?')
    expect(searchTerms(q).terms).not.toContain(stem('initial'))
    const on = searchTerms(q, { acronyms: true })
    expect(on.terms).toEqual(expect.arrayContaining([stem('initial'), stem('public'), stem('offering')]))
    expect(on.termWeights[on.terms.indexOf(stem('initial'))]).toBe(DERIVE_WEIGHT)
  })
})

describe('titles spelled out (RETRIEVAL_OFF=titles)', () => {
  it('knows a title by the sense WordNet files under noun.person', () => {
    expect(namesPersonTitle('CEO')).toBe(true)
    expect(namesPersonTitle('CFO')).toBe(true)
    expect(namesPersonTitle('IPO')).toBe(false)
    expect(namesPersonTitle('XQZ')).toBe(false)
  })

  it('searches what a title stands for by default, an act only with `acronyms`', () => {
    const q = analyzeQuery('Who is the CEO of Pandora?')
    const on = searchTerms(q)
    expect(on.terms).toEqual(expect.arrayContaining([stem('chief'), stem('executive'), stem('officer')]))
    expect(on.termWeights[on.terms.indexOf(stem('chief'))]).toBe(DERIVE_WEIGHT)
    expect(searchTerms(q, { titles: false }).terms).not.toContain(stem('chief'))
    expect(searchTerms(analyzeQuery('What will Pandora do with the IPO?')).terms).not.toContain(
      stem('initial'),
    )
  })
})

describe('WordNet relatives in the query analysis', () => {
  it('reads them once and searches those of the searched words at lower weights', () => {
    const q = analyzeQuery('How many people does the company employ?')
    expect(q.relatives?.map((w) => w.term)).toContain(stem('employ'))
    const { derived, synonyms } = expansions(q)
    expect(derived).toContain(stem('employees'))
    const { terms, termWeights } = searchTerms(q)
    expect(terms).toEqual([...q.terms, ...derived, ...synonyms])
    expect(termWeights[terms.indexOf(stem('employees'))]).toBe(DERIVE_WEIGHT)
    expect(termWeights.slice(0, q.terms.length).every((w) => w === 1)).toBe(true)
    expect(searchTerms(q, { derive: false, synonyms: false }).terms).toEqual(q.terms)
  })

  it('follows an edit of the terms: a word no longer searched is not expanded', () => {
    const q = analyzeQuery('How many people does the company employ?')
    const edited = { ...q, terms: q.terms.filter((t) => t !== stem('employ')) }
    expect(expansions(edited).derived).not.toContain(stem('employees'))
    expect(expansions(q, false).derived).toEqual([])
    // An analysis built by hand, without its relatives, has them read from its text.
    const { relatives: _, ...bare } = q
    expect(expansions(bare)).toEqual(expansions(q))
  })
})

describe('WordNet missing', () => {
  it('searches without relatives, with one warning, when the database cannot be opened', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
    try {
      useWordNetDir('/nonexistent/wordnet-dict')
      const q = analyzeQuery('How many people does the company employ?')
      // Read from the text, as an analysis without its relatives is.
      const read = () => expansions({ text: q.text, terms: q.terms })
      expect(read().derived).toEqual([])
      expect(read().synonyms).toEqual([])
      expect(baseForms('employees')).toEqual([])
      expect(warn).toHaveBeenCalledTimes(1)
      // Back to the package's database: the relatives come back (nothing failed was remembered).
      useWordNetDir(undefined)
      expect(read().derived).toContain(stem('employees'))
    } finally {
      warn.mockRestore()
      useWordNetDir(undefined)
    }
  })
})
