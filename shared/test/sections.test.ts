import { afterAll, describe, expect, it } from 'vitest'
import type { Chunk } from '../src/contract/chunk'
import { ALL_FEATURES } from '../src/retrieval/features'
import { analyzeQuery } from '../src/retrieval/query'
import { rerank } from '../src/retrieval/rerank'
import { namedSections, sectionsOfChunk, sectionsPrinted } from '../src/retrieval/sections'
import type { SearchHit } from '../src/retrieval/store/types'
import {
  formSectionOf,
  formSectionsOfHeading,
  formSectionsOfPath,
  statementTitleOf,
  tidyTitle,
} from '../src/retrieval/vocabulary'
import { closeWordNet } from '../src/retrieval/wordnet'

afterAll(() => closeWordNet())

const ids = (q: string) => (analyzeQuery(q).sections ?? []).map((s) => s.id)

describe('sections a question names', () => {
  it('reads a title by base form or WordNet derivation, with the share of the question it is', () => {
    expect(ids('Will Acme pay any dividends?')).toEqual(['dividend-policy'])
    // "employ" → employee: the Employees section, through WordNet's derivation.
    expect(ids('How many people does Acme employ?')).toEqual(['employees'])
    const q = analyzeQuery('Will Acme shareholders get dividends?')
    expect(q.sections?.[0]?.share).toBeCloseTo(1 / q.terms.length)
  })

  it('does not take a Porter stem for a title word, nor name the wide parts of the form', () => {
    // "capital" and "capitalization" share the stem `capit`, not a base form.
    expect(ids('How much will Acme spend on capital expenditures?')).not.toContain('capitalization')
    expect(ids('What are the main risks to the business?')).toEqual([])
    expect(namedSections('the of and', [])).toEqual([])
  })
})

describe('sections a passage prints', () => {
  it('reads a title set as a heading inside the text, not the same word in a sentence', () => {
    const text = 'with employees and partners. Employees As of January 31, 2011, we had 295 employees.'
    expect(sectionsPrinted(text).map((s) => s.id)).toEqual(['employees'])
    expect(sectionsPrinted('None of our employees are covered by agreements.')).toEqual([])
    expect(sectionsPrinted('[p.86] DIVIDEND POLICY We have never paid').map((s) => s.id)).toEqual([
      'dividend-policy',
    ])
  })

  it('reads a heading joining a title to another subject, in the text and on the path', () => {
    const text = 'favorable outcomes will be obtained. Culture and Employees Our employees and our culture'
    expect(sectionsPrinted(text).map((s) => s.id)).toEqual(['employees'])
    expect(sectionsPrinted('our officers and employees. We value them')).toEqual([])
    const c = chunk('e', 'We had 3,200 full-time employees.', 'BUSINESS › Culture and Employees')
    expect([...sectionsOfChunk(c)]).toEqual(['business', 'employees'])
    // The keyword fields and the section evidence read exact titles only.
    expect(formSectionsOfPath('BUSINESS › Culture and Employees').map((s) => s.id)).toEqual(['business'])
    expect(formSectionsOfHeading('Properties and Facilities').map((s) => s.id)).toEqual(['properties'])
    expect(formSectionsOfHeading('Overview and Strategy')).toEqual([])
  })

  it("reads a page's repeated heading without its continuation mark", () => {
    for (const h of [
      'NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (CONTINUED)',
      'Notes to Financial Statements – (Continued)',
      'Notes to Financial Statements — Continued',
    ])
      expect(formSectionOf(h)?.id).toBe('notes')
    expect(tidyTitle('Discontinued Operations')).toBe('discontinued operations')
  })

  it("reads a statement's title with S-X's qualifiers, and bare only at a path's top", () => {
    expect(formSectionOf('Condensed Consolidated Balance Sheets')?.id).toBe('balance-sheet')
    expect(formSectionOf('Notes to unaudited condensed consolidated financial statements')?.id).toBe('notes')
    expect(formSectionOf('Balance Sheets')).toBeNull()
    expect(statementTitleOf('Statements of Operations')?.id).toBe('income-statement')
    expect(
      statementTitleOf(
        'Statements of Redeemable Convertible Preferred Stock and Stockholders’ Deficit—(Continued)',
      )?.id,
    ).toBe('equity-statement')
    expect(statementTitleOf('Consolidated Results of Operations')).toBeNull()
    expect(formSectionsOfPath('Balance Sheets › Assets').map((s) => s.id)).toEqual(['balance-sheet'])
    expect(formSectionsOfPath('Statements of Cash Flows').map((s) => s.id)).toEqual(['cash-flow-statement'])
    expect(
      formSectionsOfPath(
        'MANAGEMENT’S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS › Balance Sheet',
      ).map((s) => s.id),
    ).toEqual(['mdna'])
  })

  const chunk = (id: string, text: string, section: string | null): Chunk => ({
    id,
    filing: 'f',
    version: 'v',
    ordinal: 0,
    text: `[p.1] ${text}`,
    pages: [id],
    pdfPages: [],
    section,
    fallback: false,
  })

  it("keeps a note's caption a caption: no section is read inside the statements' notes", () => {
    const note = chunk(
      'n',
      'Dividends The holders of preferred stock are entitled',
      'NOTES TO FINANCIAL STATEMENTS',
    )
    expect(sectionsOfChunk(note).has('dividend-policy')).toBe(false)
    const body = chunk('b', 'net proceeds. DIVIDEND POLICY We have never paid', 'USE OF PROCEEDS')
    expect([...sectionsOfChunk(body)]).toEqual(['use-of-proceeds', 'dividend-policy'])
  })

  it('lifts the first passages of a named section in the rerank, and only with the switch on', () => {
    const hits: SearchHit[] = [
      { chunk: chunk('1', 'Preferred stock dividends accrue at 6% per annum.', 'CAPITALIZATION'), score: 0 },
      { chunk: chunk('2', 'We expect to pay dividends on the notes.', 'RISK FACTORS'), score: 0 },
      {
        chunk: chunk('3', 'proceeds. DIVIDEND POLICY We have never paid dividends.', 'USE OF PROCEEDS'),
        score: 0,
      },
    ]
    const q = analyzeQuery('Will Acme pay dividends?')
    expect(rerank(q, hits, ALL_FEATURES)[0]?.chunk.id).toBe('3')
    expect(rerank(q, hits, { ...ALL_FEATURES, named: false })[0]?.chunk.id).toBe('1')
  })
})
