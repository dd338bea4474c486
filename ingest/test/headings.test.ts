import { describe, expect, it } from 'vitest'
import { chunkPages } from '../src/chunk'
import { headingLevel, isTitleHeading, SectionPath } from '../src/headings'

describe('title-case headings', () => {
  it.each([
    'Liquidity and Capital Resources',
    'Results of Operations',
    'Employees',
    'Item 7. Management’s Discussion and Analysis of Financial Condition and Results of Operations',
    'Item 1A. Risk Factors',
    'Risks Related to Our Business and Our Industry',
  ])('finds "%s"', (line) => {
    expect(isTitleHeading(line)).toBe(true)
  })

  it.each([
    'As of January 31, 2011, we had 295 employees.',
    'Total revenue',
    'Revenue 2010 2009',
    'Mark', // one capitalised word that names no standard section
    'We may not be able to compete effectively',
    '(in thousands)',
    'Net loss per share $ (0.12)',
    'Options (#) Options (#) Exercise Expiration Have Not Vested', // a table's column headers
  ])('rejects "%s"', (line) => {
    expect(isTitleHeading(line)).toBe(false)
  })

  // Capitals, items and known top-level sections are level 1; known subsections (even in capitals)
  // and other title case are level 2.
  it.each([
    ['RISK FACTORS', 1],
    ['Item 7. Management’s Discussion and Analysis', 1],
    ['Underwriting', 1],
    ['Employees', 2],
    ['EMPLOYEES', 2],
    ['Key Metrics', 2],
  ])('puts "%s" at level %i', (heading, level) => {
    expect(headingLevel(heading)).toBe(level)
  })

  it('tracks a top-level heading and one subsection', () => {
    const p = new SectionPath()
    expect(p.current).toBeNull()
    p.push('BUSINESS')
    p.push('Competition')
    p.push('Employees')
    expect(p.current).toBe('BUSINESS › Employees')
    p.push('MANAGEMENT')
    expect(p.current).toBe('MANAGEMENT')
  })
})

describe('the financial statements and their notes', () => {
  it('keep a note caption naming another section under the statements', () => {
    const p = new SectionPath()
    p.push('Consolidated Statements of Cash Flows')
    p.push('Notes to Consolidated Financial Statements')
    expect(p.current).toBe('Notes to Consolidated Financial Statements')
    p.push('Dividends')
    expect(p.current).toBe('Notes to Consolidated Financial Statements › Dividends')
    p.push('Legal Proceedings')
    expect(p.current).toBe('Notes to Consolidated Financial Statements › Legal Proceedings')
    p.push('Consolidated Balance Sheets')
    expect(p.current).toBe('Consolidated Balance Sheets')
    p.push('Notes to the Consolidated Financial Statements')
    expect(p.current).toBe('Notes to the Consolidated Financial Statements')
    p.push('Item 9. Changes in and Disagreements with Accountants')
    expect(p.current).toBe('Item 9. Changes in and Disagreements with Accountants')
  })

  it('a title-case section outside the statements still starts a section', () => {
    const p = new SectionPath()
    p.push('BUSINESS')
    p.push('Legal Proceedings')
    expect(p.current).toBe('Legal Proceedings')
  })
})

describe('chunks know their section path', () => {
  it('puts a title-case subsection under the capitals heading before it', () => {
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ')
    const chunks = chunkPages(
      [
        {
          label: '78',
          pdfPages: [],
          matter: 'body',
          text: `BUSINESS\n${filler(500)}\nEmployees\nAs of January 31, 2011, we had 295 employees.\n${filler(200)}`,
        },
      ],
      { filing: 'x', version: 'v', words: 100, overlap: 10 },
    )
    expect(chunks[0]?.section).toBe('BUSINESS')
    // The chunk that starts after the subsection heading falls under it.
    const after = chunks.find((c) => c.text.includes('word100') && !c.text.includes('BUSINESS'))
    expect(chunks.at(-1)?.section).toBe('BUSINESS › Employees')
    expect(after?.section).toBe('BUSINESS')
  })
})
