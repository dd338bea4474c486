import type { PageRecord } from '@asks1/shared/contract/chunk'
import { pageTagsIn, stripPageTags } from '@asks1/shared/contract/citations'
import { beforeAll, describe, expect, it } from 'vitest'
import { CHUNK_OVERLAP, CHUNK_WORDS, chunkId, chunkPages, isHeading } from '../src/chunk'
import { pagesFor } from '../src/matter'
import { readPages } from '../src/read'
import { PANDORA_HTM } from './helpers'

const words = (s: string) => stripPageTags(s).split(/\s+/).filter(Boolean)

describe('chunking real pages (samples/pandora-s1.htm)', () => {
  let pages: PageRecord[]
  beforeAll(async () => {
    pages = pagesFor('chunk', (await readPages(PANDORA_HTM)).pages)
  })

  it('chunks the body and Part II, not the cover, 400 words with a 100-word overlap', () => {
    const chunks = chunkPages(pages, { filing: 'pandora-s1', version: 'v1' })
    expect(chunks.length).toBeGreaterThan(100)
    for (const c of chunks.slice(0, -1)) expect(words(c.text)).toHaveLength(CHUNK_WORDS)
    for (let i = 1; i < chunks.length; i++) {
      const prev = words((chunks[i - 1] as { text: string }).text)
      const cur = words((chunks[i] as { text: string }).text)
      expect(cur.slice(0, CHUNK_OVERLAP)).toEqual(prev.slice(CHUNK_WORDS - CHUNK_OVERLAP))
    }
    const labels = new Set(chunks.flatMap((c) => c.pages))
    expect(labels.has('i')).toBe(false)
    // Part II and the signatures are the filing's text (they name the chief executive).
    expect(labels.has('II-1')).toBe(true)
    expect(chunks.some((c) => c.text.includes('Joseph Kennedy') && c.pages.includes('II-6'))).toBe(true)
    // The exhibit lists (Item 16 and the exhibit index) are left out, the items around them kept.
    expect(chunks.some((c) => c.text.includes('Form of Underwriting Agreement'))).toBe(false)
    expect(chunks.some((c) => c.text.includes('Undertakings'))).toBe(true)
    expect(labels.has('1')).toBe(true)
    expect(labels.has('F-34')).toBe(true)
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i))
  })

  it('cuts at the headings: no chunk runs into the next section, long sections overlap (sections)', () => {
    const chunks = chunkPages(pages, { filing: 'pandora-s1', version: 'v1', sections: true })
    const all = words(chunks.map((c) => c.text).join(' '))
    expect(all.length).toBeGreaterThan(0)
    for (const c of chunks) {
      expect(words(c.text).length).toBeLessThanOrEqual(CHUNK_WORDS)
      // Printed-page tags as exact as the windows': one at the start, one at each page start.
      expect(c.text.startsWith(`[p.${c.pages[0]}] `)).toBe(true)
      expect(pageTagsIn(c.text)).toEqual(c.pages)
    }
    // The employee count sits in the chunk of its own section, which starts at its heading; with
    // 400-word windows it was filed under the section before (Intellectual Property).
    const staff = chunks.find((c) => c.text.includes('we had 295 employees'))
    expect([staff?.section, ...(staff?.innerSections ?? [])]).toContain('WHAT WE DO › Employees')
    // Short sections are packed (CHUNK_PACK); unpacked, the section is its chunk's own path.
    const alone = chunkPages(pages, { filing: 'pandora-s1', version: 'v1', sections: true, pack: 0 })
    const own = alone.find((c) => c.text.includes('we had 295 employees'))
    expect(own?.section).toBe('WHAT WE DO › Employees')
    expect(words(own?.text ?? '')[0]).toBe('Employees')
    const windowed = chunkPages(pages, { filing: 'pandora-s1', version: 'v1' })
    expect(windowed.find((c) => c.text.includes('we had 295 employees'))?.section).not.toBe(
      'WHAT WE DO › Employees',
    )
    // A section longer than a chunk: consecutive windows of one path share 100 words.
    const i = chunks.findIndex(
      (c, k) => k > 0 && c.section === chunks[k - 1]?.section && words(c.text).length > CHUNK_OVERLAP,
    )
    expect(i).toBeGreaterThan(0)
    const prev = words((chunks[i - 1] as { text: string }).text)
    expect(words((chunks[i] as { text: string }).text).slice(0, CHUNK_OVERLAP)).toEqual(
      prev.slice(-CHUNK_OVERLAP),
    )
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, k) => k))
  })

  it('starts every chunk with its page tag and tags each page start inside it', () => {
    const chunks = chunkPages(pages, { filing: 'pandora-s1', version: 'v1' })
    for (const c of chunks) {
      expect(c.text.startsWith(`[p.${c.pages[0]}] `)).toBe(true)
      expect(pageTagsIn(c.text)).toEqual(c.pages)
      expect(c.fallback).toBe(false)
      expect(c.pdfPages).toEqual([])
    }
    // A page boundary inside a chunk: the words after the tag are the next page's first words.
    const crossing = chunks.find((c) => c.pages.length > 1)
    const second = crossing?.pages[1] as string
    const page = pages.find((p) => p.label === second) as PageRecord
    const after = crossing?.text.split(`[p.${second}] `)[1] ?? ''
    const firstWords = page.text
      .split(/\s+/)
      .filter((w) => w && w !== 'Table' && w !== 'of' && w !== 'Contents')
    expect(after.split(' ').slice(0, 5)).toEqual(firstWords.slice(0, 5))
  })

  it('gives stable, unique, UUID-shaped ids that depend on filing and content only', () => {
    const a = chunkPages(pages, { filing: 'pandora-s1', version: 'v1' })
    const b = chunkPages(pages, { filing: 'pandora-s1', version: 'v2' })
    expect(b.map((c) => c.id)).toEqual(a.map((c) => c.id))
    expect(new Set(a.map((c) => c.id)).size).toBe(a.length)
    for (const c of a)
      expect(c.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const other = chunkPages(pages, { filing: 'other', version: 'v1' })
    expect(other[0]?.id).not.toBe(a[0]?.id)
    expect(chunkId('f', 'same text', 0)).not.toBe(chunkId('f', 'same text', 1))
  })

  it('records the section heading each chunk falls under', () => {
    const chunks = chunkPages(pages, { filing: 'pandora-s1', version: 'v1' })
    const sections = new Set(chunks.map((c) => c.section))
    expect(sections.has('PROSPECTUS SUMMARY')).toBe(true)
    expect(sections.has('RISK FACTORS')).toBe(true)
    const risk = chunks.findIndex((c) => c.section === 'RISK FACTORS')
    const summary = chunks.findIndex((c) => c.section === 'PROSPECTUS SUMMARY')
    expect(summary).toBeLessThan(risk)
    // Column headers the table reader did not place head no section: the equity statement's
    // chunks fall under its title, not under "Deficit Total" (p.F-5).
    const paths = chunks.flatMap((c) => [c.section, ...(c.innerSections ?? [])])
    for (const header of ['Deficit Total', 'Owned Percent', 'Number Percent Amount Percent'])
      expect(paths.filter((p) => p?.endsWith(header))).toEqual([])
    const equity = chunks.find((c) => c.pages[0] === 'F-5' && c.pages.includes('F-6'))
    expect(equity?.section).toMatch(
      /Statements of Redeemable Convertible Preferred Stock and Stockholders’ Deficit$/,
    )
  })

  it('recognises headings, not sentences, labels or table rows', () => {
    expect(isHeading('RISK FACTORS')).toBe(true)
    expect(
      isHeading('MANAGEMENT’S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS'),
    ).toBe(true)
    for (const s of [
      'Risk factors are below.',
      'F-16',
      '2010 2009 2008',
      'TABLE OF CONTENTS',
      '$ 137,766',
      'LOGO',
      'II',
    ])
      expect(isHeading(s)).toBe(false)
  })

  it('joins a heading printed over two lines and ignores runs of capitals that are not headings', () => {
    const page = (text: string): PageRecord => ({ label: '5', pdfPages: [], text, matter: 'body' })
    const [c] = chunkPages(
      [
        page(
          'MANAGEMENT’S DISCUSSION AND ANALYSIS OF FINANCIAL\nCONDITION AND RESULTS OF OPERATIONS\nLOGO\nWe grew.',
        ),
      ],
      { filing: 'x', version: 'v' },
    )
    expect(c?.section).toBe(
      'MANAGEMENT’S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS',
    )
    const legend = Array.from(
      { length: 4 },
      () => 'THE SECURITIES DESCRIBED HERE HAVE NOT BEEN APPROVED BY ANY AGENCY',
    ).join('\n')
    const [d] = chunkPages([page(`RISK FACTORS\nText.\n${legend}\nMore text follows here.`)], {
      filing: 'x',
      version: 'v',
    })
    expect(d?.section).toBe('RISK FACTORS')
  })

  it('files a chunk under the headings that start inside it, not those the next chunk starts with', () => {
    const page = (text: string): PageRecord => ({ label: '5', pdfPages: [], text, matter: 'body' })
    const words = (n: number, w: string) => Array.from({ length: n }, () => w).join(' ')
    // 10-word chunks, 4 words of overlap: chunks start at words 0, 6, 12, …
    const [a, b] = chunkPages(
      [
        page(
          `BUSINESS\n${words(3, 'ip')}\nEmployees\n${words(4, 'staff')}\nProperties\n${words(10, 'office')}`,
        ),
      ],
      { filing: 'x', version: 'v', words: 10, overlap: 4 },
    )
    // "Employees" starts at word 3, inside the first chunk; "Properties" at word 7, after the second
    // chunk's start (word 6): it is the second chunk's, not the first's.
    expect(a?.section).toBe('BUSINESS')
    expect(a?.innerSections).toEqual(['BUSINESS › Employees'])
    expect(b?.section).toBe('BUSINESS › Employees')
    expect(b?.innerSections).toEqual(['BUSINESS › Properties'])
  })

  it('files a chunk under the section it is in, packing only short sections (sections on)', () => {
    const page = (label: string, text: string): PageRecord => ({ label, pdfPages: [], text, matter: 'body' })
    const words = (n: number, w: string) => Array.from({ length: n }, () => w).join(' ')
    const body = [
      page('5', `BUSINESS\n${words(3, 'ip')}\nEmployees\n${words(4, 'staff')}`),
      page('6', `Properties\n${words(10, 'office')}\nLegal Proceedings\n${words(2, 'suit')}`),
    ]
    const opts = { filing: 'x', version: 'v', words: 10, overlap: 4, sections: true }
    const cut = chunkPages(body, { ...opts, pack: 0 })
    expect(cut.map((c) => [c.section, stripPageTags(c.text)])).toEqual([
      ['BUSINESS', 'BUSINESS ip ip ip'],
      ['BUSINESS › Employees', 'Employees staff staff staff staff'],
      // 11 words in windows of 10: the second ends with the section, 10 words long too.
      ['BUSINESS › Properties', 'Properties office office office office office office office office office'],
      ['BUSINESS › Properties', 'office office office office office office office office office office'],
      ['BUSINESS › Legal Proceedings', 'Legal Proceedings suit suit'],
    ])
    expect(cut.every((c) => c.innerSections === undefined)).toBe(true)
    // The second Properties window starts mid-page 6: tagged with its page all the same.
    expect(cut[3]?.text.startsWith('[p.6] ')).toBe(true)
    // Packed: a section under 6 words runs on into the next while they fit in one chunk; one
    // after a section longer than a chunk stays apart (nothing to pack it with).
    const packed = chunkPages(body, { ...opts, pack: 6 })
    expect(packed.map((c) => [c.section, c.innerSections, c.pages])).toEqual([
      ['BUSINESS', ['BUSINESS › Employees'], ['5']],
      ['BUSINESS › Properties', undefined, ['6']],
      ['BUSINESS › Properties', undefined, ['6']],
      ['BUSINESS › Legal Proceedings', undefined, ['6']],
    ])
  })

  it('leaves out an exhibit list, from its heading to the next item, schedule, signatures or page sequence', () => {
    const page = (label: string, text: string, matter: PageRecord['matter'] = 'back'): PageRecord => ({
      label,
      pdfPages: [],
      text,
      matter,
    })
    const chunks = chunkPages(
      [
        page(
          '99',
          'Income taxes were low.\nItem 15. Exhibits, Financial Statement Schedules\nSee below.\n(b) Exhibits.\n3.1 Charter, filed under\nItem 601 of Regulation S-K.\nItem 16. Form 10-K Summary\nNone.',
          'body',
        ),
        page('II-4', 'Item 16. Exhibits\n1.1 Underwriting Agreement\nItem 17. Undertakings\nTo provide.'),
        page('II-5', 'SIGNATURES\nBy: /s/ Jane Roe, Chief Executive Officer'),
        page('II-6', 'EXHIBIT INDEX\n10.1 Credit Agreement'),
        page('II-7', '10.2 Lease\nSCHEDULE II\nReserves rose.'),
        page('100', 'EXHIBIT INDEX\n10.3 Office Lease'),
        page('F-1', 'Balance sheet'),
      ],
      { filing: 'x', version: 'v' },
    )
    const text = chunks.map((c) => stripPageTags(c.text)).join(' ')
    // A 10-K's Item 15 is kept (it may print the statements) but for its "(b) Exhibits." list, which
    // runs to the next item heading (not to a line citing "Item 601"); an S-1's Item 16 is a list.
    expect(text).toBe(
      'Income taxes were low. Item 15. Exhibits, Financial Statement Schedules See below. Item 16. Form 10-K Summary None. Item 17. Undertakings To provide. SIGNATURES By: /s/ Jane Roe, Chief Executive Officer SCHEDULE II Reserves rose. Balance sheet',
    )
  })

  it('marks chunks of fallback pages', () => {
    const fallbackPages: PageRecord[] = [
      { label: '1', pdfPages: [1], text: 'alpha beta gamma', matter: 'body', fallback: true },
      { label: '2', pdfPages: [2], text: 'delta epsilon', matter: 'body', fallback: true },
    ]
    const [c] = chunkPages(fallbackPages, { filing: 'x', version: 'v' })
    expect(c?.text).toBe('[p.1] alpha beta gamma [p.2] delta epsilon')
    expect(c?.fallback).toBe(true)
    expect(c?.pdfPages).toEqual([1, 2])
  })
})
