import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { missingEmbedder } from '../src/retrieval/embedder'
import { featuresOff } from '../src/retrieval/features'
import { LINE_ITEMS, RATIOS, STATEMENT_NAMES } from '../src/retrieval/financial-terms'
import { analyzeQuery } from '../src/retrieval/query'
import { retrieve } from '../src/retrieval/retrieve'
import { statementChunks } from '../src/retrieval/statement-pool'
import {
  askedStatements,
  labelsIn,
  ratioCaptions,
  sentencesOf,
  splitInstructions,
  statementsPrinted,
} from '../src/retrieval/statements'
import { openSqliteStore, type SqliteStore } from '../src/retrieval/store/sqlite/index'
import { makeChunk } from './store-contract'

describe('financial labels', () => {
  it('every ratio and statement names its source', () => {
    for (const r of RATIOS) expect(r.source.length).toBeGreaterThan(10)
    for (const s of STATEMENT_NAMES) expect(s.source.length).toBeGreaterThan(10)
    for (const i of LINE_ITEMS) expect(i.element).toMatch(/^[A-Z][A-Za-z]+$/)
  })

  it('matches on stems, whole words, however the compound is written', () => {
    expect(labelsIn('Is the free cashflow improving?').map((l) => l.text)).toEqual(['free cash flow'])
    expect(labelsIn('a capital-intensive business').map((l) => l.text)).toEqual(['capital intensity'])
    expect(labelsIn('from the P&L statement').map((l) => l.text)).toEqual(['p&l statement'])
    // The longest label wins where two overlap.
    expect(labelsIn('its operating income margin').map((l) => l.text)).toEqual(['operating income margin'])
    // Whole words only: "grossly" is not "gross".
    expect(labelsIn('grossly marginal')).toEqual([])
  })

  it('routes a named statement or ratio to its statements, not a bare line item', () => {
    expect(askedStatements('What was the gross margin in 2022?')).toEqual(['income-statement'])
    expect(askedStatements('According to the cash flow statement, how much cash?')).toEqual([
      'cash-flow-statement',
    ])
    expect(askedStatements('What is the return on assets?').sort()).toEqual([
      'balance-sheet',
      'income-statement',
    ])
    expect(askedStatements('How much revenue did the company make?')).toEqual([])
    // A non-GAAP measure of the filer's own is printed by name outside the statements.
    expect(askedStatements('What was Adjusted EBITDA in 2011?')).toEqual([])
    expect(askedStatements('What was the non-GAAP operating margin?')).toEqual([])
    expect(askedStatements('What is the unadjusted EBITDA margin?').sort()).toEqual([
      'cash-flow-statement',
      'income-statement',
    ])
  })

  it("reads a GAAP ratio's line-item captions, not a non-GAAP one's", () => {
    expect(ratioCaptions('What was the operating margin in 2011?')).toEqual(
      expect.arrayContaining(['operating income', 'revenue', 'net sales']),
    )
    // Adjusted, non-GAAP and pro forma measures are computed from figures the filing prints by the
    // measure's own name: the GAAP rows would give another measure.
    expect(ratioCaptions('What was the adjusted operating margin in 2011?')).toEqual([])
    expect(ratioCaptions('What was the non-GAAP gross margin?')).toEqual([])
    expect(ratioCaptions('What was the pro forma EBITDA margin?')).toEqual([])
    // Only the qualified ratio loses its captions.
    const both = ratioCaptions('Compare the gross margin with the adjusted operating margin.')
    expect(both).toContain('gross profit')
    expect(both).not.toContain('operating income')
    expect(ratioCaptions('Who audits the company?')).toEqual([])
  })
})

describe('instructions', () => {
  it('splits sentences, keeping abbreviations whole', () => {
    expect(sentencesOf('What is X? Round it. Use U.S. Steel data.')).toEqual([
      'What is X?',
      'Round it.',
      'Use U.S. Steel data.',
    ])
    expect(sentencesOf('Which customers, e.g. Apple or Google, buy the most?')).toHaveLength(1)
    expect(sentencesOf('What did Amazon.com, Inc. earn in 2017? Round it.')).toEqual([
      'What did Amazon.com, Inc. earn in 2017?',
      'Round it.',
    ])
    expect(sentencesOf('Revenue was $1.2 billion. What grew?')).toEqual([
      'Revenue was $1.2 billion.',
      'What grew?',
    ])
  })

  it('keeps of the non-interrogative sentences only the financial labels they name', () => {
    const q =
      'What is the FY2017 DPO? Round your answer to two decimal places. Use the balance sheet. If DPO is not useful, please state that.'
    expect(splitInstructions(q)).toEqual({
      question: 'What is the FY2017 DPO?',
      instructionLabels: ['balance sheet'],
    })
    // One sentence, or none asking: all question.
    expect(splitInstructions('Round revenue to millions.').instructionLabels).toEqual([])
    expect(splitInstructions('State revenue. Round it.').question).toBe('State revenue. Round it.')
  })

  it('drops instruction words from the terms; the switch keeps them', () => {
    const q = 'What drove operating margin in 2022? If it is not a useful metric, then please state that.'
    const on = analyzeQuery(q).terms
    expect(on).toEqual(expect.arrayContaining(['oper', 'margin', '2022']))
    for (const t of ['us', 'state', 'metric', 'pleas']) expect(on).not.toContain(t)
    expect(analyzeQuery(q, { instructions: false }).terms).toEqual(expect.arrayContaining(['us', 'state']))
    expect(analyzeQuery(q).statements).toEqual(['income-statement'])
  })
})

describe('statementsPrinted', () => {
  it('reads a statement title printed as a heading, not one referred to', () => {
    expect([...statementsPrinted('ACME INC. CONSOLIDATED STATEMENTS OF INCOME (In millions)')]).toEqual([
      'income-statement',
    ])
    expect([...statementsPrinted('Consolidated Statements of Cash Flows Years ended')]).toEqual([
      'cash-flow-statement',
    ])
    expect(statementsPrinted('as presented in the Consolidated Statements of Operations').size).toBe(0)
  })

  it('reads the plural title of a filer without subsidiaries, not a caption holding the words', () => {
    expect([...statementsPrinted('[p.F-3] Pandora Media, Inc. Balance Sheets (In thousands)')]).toEqual([
      'balance-sheet',
    ])
    expect(statementsPrinted('Off Balance Sheet Arrangements We do not have any').size).toBe(0)
    expect(statementsPrinted('Note 8. Other Balance Sheet Components Prepaid').size).toBe(0)
    // A selected-data table's caption introduces figures from the statement, not the statement.
    expect(statementsPrinted('(in millions) Statements of Operations: Net sales $ 74,452').size).toBe(0)
  })

  it('a list of every statement (an index) is not a statement', () => {
    const index =
      'Consolidated Balance Sheets 53 Consolidated Statements of Income 54 Consolidated Statements of Cash Flows 57 Consolidated Statements of Stockholders’ Equity 56'
    expect(statementsPrinted(index).size).toBe(0)
  })
})

describe('retrieve: the asked statement (real SQLite store)', () => {
  let dir: string
  let store: SqliteStore
  const filler = (topic: string) =>
    Array.from({ length: 40 }, (_, i) => `${topic} discussion paragraph ${i} with ordinary words`).join('. ')
  const texts = [
    `Our operating margin in 2022 improved; operating margin is what we track. ${filler('margin')}`,
    `Operating margin targets for 2022: the operating margin goal. ${filler('board')}`,
    `Operating margin in 2022 is a key metric; operating margin guides us. ${filler('metric')}`,
    `ACME INC. CONSOLIDATED STATEMENTS OF OPERATIONS (In millions) Years Ended December 31, 2022 2021 Net sales 9,100 8,200 Cost of sales 5,000 4,700 Gross profit 4,100 3,500 Operating expenses 2,900 2,600 Operating income 1,200 900 Net income 800 600 ${Array.from({ length: 60 }, (_, i) => `Line item ${i} ${i * 7} ${i * 5}`).join(' ')}`,
    `Legal proceedings and other matters. ${filler('legal')}`,
  ]

  /** Writes the texts as a new live version of the filing; its version id. */
  const writeVersion = async (): Promise<string> => {
    const w = await store.beginVersion('acme', { dim: null })
    await w.addChunks(
      texts.map((t, i) => ({
        chunk: { ...makeChunk('acme', i, t, [String(50 + i)]), version: w.version },
        vectors: [],
      })),
    )
    await w.commit()
    return w.version
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'asks1-statements-'))
    store = openSqliteStore({ dir })
    await writeVersion()
  })

  afterAll(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('a ratio question reaches the statement printing its line items; the switch turns it off', async () => {
    const q = 'What was the operating margin in 2022?'
    const on = await retrieve(store, missingEmbedder('test'), 'acme', q, 3)
    expect(on[0]?.chunk.ordinal).toBe(3)
    const off = await retrieve(store, missingEmbedder('test'), 'acme', q, 3, {
      features: featuresOff('statements'),
    })
    expect(off[0]?.chunk.ordinal).not.toBe(3)
  })

  it('a new version of the filing brings its own statement chunks, not the old ones', async () => {
    const statementOf = async () => {
      // The question's own hits (here one chunk that is not the statement) carry the live version.
      const own = await store.search('acme', { terms: ['legal'], vector: null, k: 1 })
      return statementChunks(store, 'acme', ['income-statement'], own, {})
    }
    const before = await statementOf()
    expect(before.map((h) => h.chunk.ordinal)).toEqual([3])
    const version = await writeVersion()
    const after = await statementOf()
    expect(after.map((h) => [h.chunk.ordinal, h.chunk.version])).toEqual([[3, version]])
    expect(before[0]?.chunk.version).not.toBe(version)
  })
})
