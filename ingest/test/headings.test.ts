import type { Table } from '@asks1/shared/contract/tables'
import { describe, expect, it } from 'vitest'
import { chunkPages } from '../src/chunk'
import {
  figuresRow,
  headingLevel,
  isTitleHeading,
  printedByTable,
  SectionPath,
  TableHeader,
} from '../src/headings'

describe('title-case headings', () => {
  it.each([
    'Liquidity and Capital Resources',
    'Results of Operations',
    'Employees',
    'Item 7. Management’s Discussion and Analysis of Financial Condition and Results of Operations',
    'Item 1A. Risk Factors',
    'Risks Related to Our Business and Our Industry',
    'Cash and Cash Equivalents', // one word repeated once, as headings may
    'Financing Obligation (Failed Sale-Leaseback)',
    'Reconciliation of Net Loss to Non-GAAP Net Loss', // a pair repeated apart
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
    // Lines from the dev filings that were read as headings before:
    '• Mike Schroepfer, our Vice President, Engineering; and', // a list item
    'in “—Critical Accounting Policies and Estimates—Share-based Compensation.”', // a sentence's tail
    'Transactions—Conversion Agreement.”', // a cross-reference's tail
    'Reconciliation of Net Loss to', // broken mid-phrase
    'General Corporation Law; or',
    'Three Months Ended', // a period column awaiting its date
    'Shares Amount Shares Par Value Capital Loss Deficit) Equity', // column headers
    'Shares Amount Shares Amount',
    'Unrealized Unrealized Unrealized',
    'Unexercised Unexercised Option Option Stock That Have Not',
    'Option Awards Stock Awards', // two columns' headers side by side
    'Options Outstanding Options Exercisable',
    'Operating Leases Capital Leases',
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
    ['Legal Proceedings', 2],
    ['Key Metrics', 2],
    // A numbered item is a part of the form, whatever it names (Twitter's "Item 2. PROPERTIES").
    ['Item 2. PROPERTIES', 1],
    ['Item 3. Legal Proceedings', 1],
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

  it('keeps a title-case heading under a top-level heading in capitals, unless a statement', () => {
    const p = new SectionPath()
    p.push('MANAGEMENT')
    p.push('Executive Officers and Directors')
    expect(p.current).toBe('MANAGEMENT › Executive Officers and Directors')
    p.push('MATERIAL U.S. FEDERAL TAX CONSIDERATIONS')
    p.push('Dividends')
    p.push('Sale of Class A Common Stock')
    expect(p.current).toBe('MATERIAL U.S. FEDERAL TAX CONSIDERATIONS › Sale of Class A Common Stock')
    p.push('Consolidated Balance Sheets')
    expect(p.current).toBe('Consolidated Balance Sheets')
    // Title case under title case: a standard section's title still starts the section.
    const t = new SectionPath()
    t.push('Prospectus Summary')
    t.push('Dividend Policy')
    expect(t.current).toBe('Dividend Policy')
  })

  it('keeps Legal Proceedings within Business, and a numbered item at the top', () => {
    const p = new SectionPath()
    p.push('BUSINESS')
    p.push('Legal Proceedings')
    p.push('Culture and Employees')
    expect(p.current).toBe('BUSINESS › Culture and Employees')
    p.push('Item 1B. UNRESOLVED STAFF COMMENTS')
    p.push('Item 2. PROPERTIES')
    expect(p.current).toBe('Item 2. PROPERTIES')
  })
})

describe("a line the page's tables print", () => {
  // Facebook's beneficial owners' table (p.127 of samples/facebook-s1.pdf), as the PDF reader
  // gives it: its header's last line reads "Public Being Public" in the page text.
  const owners = {
    page: '127',
    title: null,
    units: null,
    columns: [
      'Name of Beneficial Owner',
      'Shares Beneficially Owned Prior to this Offering Class A Shares',
      '% of Total Voting Power Before Our Initial Public Offering(2)',
      'Shares Beneficially Number of Shares Being Offered',
    ].map((label) => ({ label, period: null })),
    rows: [{ label: 'Mark Zuckerberg', cells: [] }],
  } as unknown as Table

  it.each([
    ['Public Being Public', true], // header words across columns
    ['Mark Zuckerberg', true], // a row's label as printed
    ['Initial Public Offering', false], // all in one column's label: may head a section
    ['Sales and Marketing', false], // not the table's
  ])('"%s" → %s', (line, expected) => {
    expect(printedByTable(line, [owners])).toBe(expected)
  })

  it('is false on a page without tables', () => {
    expect(printedByTable('Public Being Public', undefined)).toBe(false)
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

  it("start at a statement's title printed bare, qualified or in sentence case (samples/pandora-s1.htm, camp4-424b4)", () => {
    const p = new SectionPath()
    p.push('Report of Independent Registered Public Accounting Firm')
    p.push('Balance Sheets')
    expect(p.current).toBe('Balance Sheets')
    p.push('Statements of Operations')
    expect(p.current).toBe('Statements of Operations')
    p.push('Statements of Cash Flows')
    p.push('Financing Activities')
    expect(p.current).toBe('Statements of Cash Flows › Financing Activities')
    p.push('Notes to Financial Statements')
    expect(p.current).toBe('Notes to Financial Statements')
    p.push('Concentration of Credit Risk')
    // The notes' running head on the next page: the note goes on.
    p.push('Notes to Financial Statements – (Continued)')
    expect(p.current).toBe('Notes to Financial Statements › Concentration of Credit Risk')
    p.push('Condensed Consolidated Balance Sheets')
    expect(p.current).toBe('Condensed Consolidated Balance Sheets')
    expect(isTitleHeading('Notes to consolidated financial statements')).toBe(true)
    expect(isTitleHeading('Notes to unaudited condensed consolidated financial statements')).toBe(true)
    p.push('Notes to unaudited condensed consolidated financial statements')
    expect(p.current).toBe('Notes to unaudited condensed consolidated financial statements')
  })

  it("leave a bare statement title outside the statements a subsection (MD&A's Balance Sheet)", () => {
    const p = new SectionPath()
    p.push('MANAGEMENT’S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS')
    p.push('Balance Sheet')
    expect(p.current).toBe(
      'MANAGEMENT’S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS › Balance Sheet',
    )
    expect(isTitleHeading('Use of proceeds')).toBe(false)
  })

  it('a title-case section outside the statements still starts a section', () => {
    const p = new SectionPath()
    p.push('Our Business')
    p.push('Dividend Policy')
    expect(p.current).toBe('Dividend Policy')
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

  it("reads a line in capitals between two rows of figures as a row's label (Boeing 2022 10-K p.22)", () => {
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ')
    const rows = [
      'Revenues $66,608 $62,286 $58,158',
      'GAAP',
      'Loss from operations ($3,547) ($2,902) ($12,767)',
      'Operating margins (5.3) % (4.7) % (22.0) %',
    ].join('\n')
    const chunks = chunkPages(
      [
        {
          label: '22',
          pdfPages: [],
          matter: 'body',
          text: `Item 7. Management’s Discussion and Analysis\n${filler(120)}\n${rows}\n${filler(300)}\nBACKLOG\nOur backlog grew.\n${filler(150)}`,
        },
      ],
      { filing: 'x', version: 'v', words: 100, overlap: 10 },
    )
    const paths = new Set(chunks.map((c) => c.section))
    expect(paths).not.toContain('GAAP')
    expect(chunks[2]?.section).toBe('Item 7. Management’s Discussion and Analysis')
    // Over a sentence, the capitals are a heading as before.
    expect(chunks.at(-1)?.section).toBe('BACKLOG')
  })
})

describe("a table's header printed over several lines", () => {
  /** The title-case lines of `lines` the tracker reads as a table header's, reading them in order. */
  const held = (lines: readonly string[]) => {
    const header = new TableHeader()
    const out: string[] = []
    for (const line of lines) {
      if (isTitleHeading(line) && header.holds(line)) out.push(line)
      header.read(line)
    }
    return out
  }

  it('holds the title-case pieces of a header the table reader missed (samples/pandora-s1.htm)', () => {
    // p.F-5: the equity statement's header cells, one horizontal slice per line.
    const equity = [
      'Preferred Stock Common Stock Additional',
      'Paid-in',
      'Capital Accumulated',
      'Other',
      'Comprehensive',
      'Income (loss) Accumulated',
      'Deficit Total',
      'Stockholders’',
      'Deficit',
      'Shares Amount Shares Amount',
      'Balances as of January 31, 2007',
      '70,807,707 $ 49,438 4,202,065 $ — $ — $ — $ (23,431 ) $ (23,431 )',
      'Stock-Based Compensation',
    ]
    expect(held(equity)).toEqual(['Capital Accumulated', 'Deficit Total'])
    // p.104: the beneficial owners' table, whose later columns the reader did not find.
    const owners = [
      'Prior to the Offering(1) Shares',
      'Being',
      'Offered Beneficial Ownership',
      'After the Offering',
      'Beneficial owner',
      'Number Percent Number of',
      'Shares',
      'Beneficially',
      'Owned Percent',
      'Greater than 5% Stockholders and Selling Stockholders:',
    ]
    expect(held(owners)).toEqual(['Offered Beneficial Ownership', 'After the Offering', 'Owned Percent'])
  })

  it('holds no heading after a sentence, a one-word heading, a row of figures or a page top', () => {
    expect(
      held([
        'Competition',
        'Competition for Listeners',
        'and services', // a sentence's wrapped tail is no header cell
        'Employees',
        'We compete for the time and attention of our listeners with other content providers.',
        'Music Genome Project',
        'Three Months Ended',
        '$ 1,234 $ 5,678',
        'Results of Operations',
      ]),
    ).toEqual([])
    expect(held(['Results of Operations'])).toEqual([])
  })

  it("holds neither a numbered item nor a standard section's title printed over two lines", () => {
    expect(held(['Number of', 'Item 10. Directors, Executive Officers and Corporate Governance'])).toEqual([])
    // camp4-424b4.html p.F-5
    expect(
      held(['Consolidated Statements of Convertible Preferred Stock and', 'Stockholders’ Deficit']),
    ).toEqual([])
  })
})

describe('a title-case line after a lead-in ending in a colon', () => {
  /** The headings the chunker reads on a page printing `lines` (each the last part of a section path). */
  const headings = (lines: readonly string[]) =>
    chunkPages([{ label: '95', pdfPages: [], matter: 'body', text: ['MANAGEMENT', ...lines].join('\n') }], {
      filing: 'x',
      version: 'v',
      words: 10,
      overlap: 0,
    })
      .flatMap((c) => [c.section, ...(c.innerSections ?? [])])
      .map((p) => p?.split(' › ').at(-1))

  it('is the header row of the table it introduces when a row follows (samples/facebook-s1.pdf p.95)', () => {
    const management = [
      'Executive Officers and Directors',
      'The following table provides information regarding our executive officers and directors as of January 1, 2012:',
      'Name Age Position(s)',
      'Mark Zuckerberg 27 Chairman and CEO',
      'Sheryl K. Sandberg 42 Chief Operating Officer',
    ]
    expect(isTitleHeading('Name Age Position(s)')).toBe(true)
    expect(new Set(headings(management))).toEqual(new Set(['MANAGEMENT', 'Executive Officers and Directors']))
  })

  it('is the header of a table whose header runs on, or a list’s first entry (samples/pandora-s1.htm)', () => {
    // p.59: the contractual obligations table's header.
    const obligations = [
      'The following table summarizes as of October 31, 2010 our contractual obligations:',
      'Payments Due by Period',
      'Total Less Than',
    ]
    expect(headings(obligations)).not.toContain('Payments Due by Period')
    // p.89: the compensation peer group, printed in columns; its rows are rows until the sentence
    // after them, and the heading after that is one.
    const peers = [
      'Our public company peer group currently consists of the following companies:',
      'Concur Technologies Constant Contact Demand Media',
      'Equinix GameFly OpenTable',
      'Qlik Technologies QuinStreet Netflix',
      'ReachLocal RealD RealPage',
      'Rovi Salesforce.com Skype',
      'SolarWinds SuccessFactors Tangoe',
      'Tripwire WebMD',
      'During fiscal 2011, Frederic W. Cook also provided the compensation committee with third-party survey data from Radford, a compensation market research firm, covering general technology companies with annual revenue between $200 million and $1 billion, as well as from the 2009 Venture Capital Executive Compensation Survey, covering 35 venture capital portfolio companies with annual revenues greater than $50 million.',
      'Primary Elements of Compensation',
      'Base Salary. As a private company, base salaries have been determined primarily based on the collective experience of the compensation committee (including our chief executive officer) with hiring similarly situated executive officers, our view of appropriate fixed pay for our geographic location, and our desire to limit cash expenses while we built the business. Although we did not benchmark salaries to specific market levels for fiscal 2011, as part of the compensation committee’s comprehensive review of executive compensation levels during the middle of fiscal 2011 (and using data from the public company peer group together with the Radford survey), we found that our base salaries generally fell below the median for these public companies, but were above the median in the private company venture capital survey described above.',
    ]
    expect(new Set(headings(peers))).toEqual(new Set(['MANAGEMENT', 'Primary Elements of Compensation']))
  })

  it('stays a heading over running text, a bulleted item or at the page’s end (samples/facebook-s1.pdf)', () => {
    // p.F-21: the preferred stock's rights, each under its caption.
    const rights = [
      'The rights, preferences and privileges of the preferred stockholders were as follows:',
      'Dividends',
      'The holders of shares of Series A, Series B, Series C, Series D and Series E preferred stock were entitled to receive',
    ]
    expect(headings(rights)).toContain('Dividends')
    // p.II-2: Item 15's issuances, a bulleted list under each caption.
    const issuances = [
      'The share numbers below reflect the two-for-one stock split (effected in October 2010):',
      'Preferred Stock Issuances',
      '• On May 26, 2009, we sold 44,037,540 shares of our Series E',
    ]
    expect(headings(issuances)).toContain('Preferred Stock Issuances')
    expect(headings(['as follows:', 'Preferred Stock Issuances'])).toContain('Preferred Stock Issuances')
  })
})

describe('figuresRow: a table row of figures', () => {
  it('takes two figures or more ending the line, not prose or a lone figure', () => {
    expect(figuresRow('Revenues $66,608 $62,286')).toBe(true)
    expect(figuresRow('Net loss (1,234) (5,678)')).toBe(true)
    expect(figuresRow('Gross margin 45 % 47 %')).toBe(true)
    expect(figuresRow('Revenues $66,608')).toBe(false)
    expect(figuresRow('In 2011 and 2012 we grew.')).toBe(false)
    expect(figuresRow(null)).toBe(false)
  })
})
