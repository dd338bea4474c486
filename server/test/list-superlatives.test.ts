import { readFileSync } from 'node:fs'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { SearchHit } from '@asks1/shared/store'
import { describe, expect, it } from 'vitest'
import { compoundAnswer } from '../src/answer/extractive'
import { listAnswer, listLines } from '../src/answer/name-lists'
import { analyzeQuestion } from '../src/answer/question'
import { verifyCitations } from '../src/answer/verify'
import { chunksOf } from './helper'

/**
 * Printed pages as ingest reads them (text and tables): facebook-s1.pdf p.126 (the heading of
 * PRINCIPAL AND SELLING STOCKHOLDERS and its notes) and p.127 (the table, under no heading), p.144
 * (the underwriters, the shares column left blank); pandora-s1.htm p.104; camp4-424b4.html pp.181–182
 * (the principal stockholders' table, continued on p.182) and p.196 (the underwriting table).
 */
const PAGES = JSON.parse(
  readFileSync(new URL('./fixtures/kinds-pages.json', import.meta.url), 'utf8'),
) as Record<'facebook' | 'pandora' | 'camp4', PageRecord[]>
const page = (filing: keyof typeof PAGES, label: string) =>
  PAGES[filing].find((p) => p.label === label) as PageRecord

function hitsOf(filing: string, pages: PageRecord[]): SearchHit[] {
  return chunksOf(filing, pages, 1).map((chunk, i) => ({
    chunk: { ...chunk, section: null },
    score: 1 / (i + 1),
  }))
}

/** The list for a question read from `labels`, with `after` the pages printed after them (label → label). */
function ask(
  question: string,
  filing: keyof typeof PAGES,
  labels: string[],
  after: Record<string, string> = {},
) {
  const pages = labels.map((l) => page(filing, l))
  const following = new Map(Object.entries(after).map(([from, to]) => [from, page(filing, to)]))
  return listAnswer(analyzeQuestion(question), pages, hitsOf(filing, pages), following)
}

describe('the largest, the most, the fewest of a list', () => {
  it('answers with the row holding the most shares, citing its page', () => {
    const a = ask('Which investor owns the biggest stake in CAMP4?', 'camp4', ['181'], { '181': '182' })
    expect(a && listLines(a)).toEqual([
      '- Of the holders of more than five percent and the directors and officers in the table under “PRINCIPAL STOCKHOLDERS”, the most by “Number of shares beneficially owned” [p.181]:',
      '  - Entities affiliated with Enavate Sciences — Number of shares beneficially owned: 2,422,166; Percentage of shares beneficially owned Before offering: 19.1%; Percentage of shares beneficially owned After offering: 12.4% [p.181]',
    ])
    // Every figure beside a citation is the page's: the lead adds no count of its own.
    const lines = a ? listLines(a) : []
    const verified = (pages: Map<string, string>) =>
      verifyCitations(lines.join('\n'), pages).every((c) => c.verified)
    expect(verified(new Map(['181', '182'].map((l) => [l, page('camp4', l).text])))).toBe(true)
    // Nor does the list's name: a page continuing the table prints its rows, not "5%".
    expect(verified(new Map([['181', lines.slice(1).join(' ')]]))).toBe(true)
    const u = ask('Which underwriter has the most shares?', 'camp4', ['196'])
    expect(u && listLines(u).slice(1)).toEqual([
      '  - J.P. Morgan Securities LLC — Number of shares: 2,796,200 [p.196]',
    ])
    const least = ask('Which underwriter takes the fewest shares?', 'camp4', ['196'])
    expect(least && listLines(least).slice(1)).toEqual([
      '  - William Blair & Company, L.L.C. — Number of shares: 716,100 [p.196]',
    ])
  })

  it('ranks the rows when the question asks for several', () => {
    const names = (q: string) => {
      const a = ask(q, 'camp4', ['196'])
      return a
        ? listLines(a)
            .slice(1)
            .map((l) => l.split(' — ')[0]?.trim())
        : []
    }
    expect(names('Who are the top 2 underwriters?')).toEqual([
      '- J.P. Morgan Securities LLC',
      '- Leerink Partners LLC',
    ])
    expect(names('Which are the three smallest underwriters?')).toEqual([
      '- William Blair & Company, L.L.C.',
      '- Piper Sandler & Co.',
      '- Leerink Partners LLC',
    ])
    const all = ask('Who are the largest shareholders?', 'pandora', ['104'])
    expect(all && listLines(all)[0]).toMatch(
      /, those with the most by “Beneficial Ownership Prior to the Offering Number”, in order \[p\.104\]:$/,
    )
  })

  it('says so when rows tie', () => {
    // Item 403 counts a fund's shares again for the director who shares its voting power.
    const a = ask('Who is the largest shareholder?', 'pandora', ['104'])
    const lines = a ? listLines(a) : []
    expect(lines[0]).toMatch(
      /rows tie for the most by “Beneficial Ownership Prior to the Offering Number” \[p\.104\]:$/,
    )
    expect(lines.slice(1).map((l) => l.split(' — ')[0])).toEqual([
      '  - Entities affiliated with Crosslink Capital',
      '  - James M. P. Feuille',
    ])
  })

  it('says the filing leaves the figures blank, and lists the names, in a preliminary prospectus', () => {
    const a = ask('Which underwriter has the most shares?', 'facebook', ['144'])
    const lines = a ? listLines(a) : []
    expect(lines[0]).toBe(
      '- The table under “UNDERWRITING” prints no figures beside the underwriters (a preliminary prospectus leaves them blank until the offering is priced), so the filing does not say which holds the most; it names [p.144]:',
    )
    expect(lines).toHaveLength(7)
  })

  it('reads the table on the page after the one opening its section', () => {
    expect(ask('Who is the largest shareholder?', 'facebook', ['126'])).toBeNull()
    const a = ask('Who is the largest shareholder?', 'facebook', ['126'], { '126': '127' })
    expect(a?.heading).toBe('PRINCIPAL AND SELLING STOCKHOLDERS')
    const lines = a ? listLines(a) : []
    expect(lines[0]).toMatch(
      /the most by “Shares Beneficially Owned Prior to this Offering Class B Shares\(1\)” \[p\.127\]:$/,
    )
    expect(lines[1]).toMatch(/^ {2}- Mark Zuckerberg — .*533,801,850.* \[p\.127\]$/)
  })
})

describe('a list continued over a page break', () => {
  it('lines up a table the reader split at a stub column with the first one’s columns', () => {
    // p.127's 5 % holders are read as a second table of five columns, without the first one's stub
    // column and its "Shares Being Offered": shares and percentages line up only one column on.
    const a = ask('Who are the principal stockholders?', 'facebook', ['126'], { '126': '127' })
    const dst = a?.all.find((r) => r.name === 'Entities affiliated with DST Global Limited')
    expect(dst?.values).toEqual([null, 36711928, 31.4, 94567945, 5.4, 5.5, null])
    expect(dst?.cells).toContain(
      'Shares Beneficially Owned Prior to this Offering Class B Shares(1): 94,567,945',
    )
    expect(a?.all.filter((r) => r.values !== undefined)).toHaveLength(16)
  })

  it('reads the continued rows with their own page, and counts the rest on both pages', () => {
    const alone = ask('Who are the principal stockholders?', 'camp4', ['181'])
    const both = ask('Who are the principal stockholders?', 'camp4', ['181'], { '181': '182' })
    expect(alone?.all.every((r) => r.page === '181')).toBe(true)
    // p.182 prints eight directors and officers, then the group's total (no name).
    expect(both?.all.length).toBe((alone?.all.length ?? 0) + 8)
    expect(both?.all.find((r) => r.name === 'Jorge Conde')?.page).toBe('182')
    expect(both?.lastPage).toBe('182')
    expect(both && listLines(both).at(-1)).toBe('  - … and 10 more names in the table [p.181] [p.182]')
  })

  it('stops at a page that opens another section', () => {
    // p.196's underwriting table is no continuation of the stockholders' table.
    const a = ask('Who are the principal stockholders?', 'camp4', ['182'], { '182': '196' })
    expect(a).toBeNull()
    const b = ask('Who are the principal stockholders?', 'camp4', ['181'], { '181': '196' })
    expect(b?.lastPage).toBe('181')
  })
})

describe('a second part asking the size of the row the first part answered', () => {
  const pages = [page('camp4', '181'), page('camp4', '196')]
  const hits = hitsOf('camp4-424b4', pages)
  const parts = (second: string) =>
    compoundAnswer([
      { q: analyzeQuestion('Which investor owns the biggest stake?'), hits, pages },
      { q: analyzeQuestion(second), hits, pages },
    ]).text

  it('answers "how large is it?" with the row’s own figures', () => {
    const text = parts('how large is it?')
    const after = text.slice(text.indexOf('On “How large is it?”:'))
    expect(after.split('\n')[1]).toBe(
      '- Entities affiliated with Enavate Sciences — Number of shares beneficially owned: 2,422,166; Percentage of shares beneficially owned Before offering: 19.1%; Percentage of shares beneficially owned After offering: 12.4% [p.181]',
    )
  })

  it('leaves a part asking something else of it to its own passages', () => {
    const text = parts('who manages it?')
    const after = text.slice(text.indexOf('On “Who manages it?”:'))
    expect(after).not.toContain('Enavate Sciences — Number')
  })
})
