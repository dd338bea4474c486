/**
 * Synthetic amendments of a real filing's pages, each with the changes it is known to make: a price
 * range filled in, a risk factor added, a capitalization figure changed, a section moved. The real
 * EDGAR pair covers what an actual amendment does to a cover and Part II; these cover the offering
 * terms and the body. Pure: pages in, pages and known changes out (the input is never modified).
 */
import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { KnownChange } from './score'

export interface SyntheticPair {
  name: string
  after: PageRecord[]
  known: KnownChange[]
}

const copy = (pages: readonly PageRecord[]) => pages.map((p) => ({ ...p }))

class SyntheticError extends Error {
  override name = 'SyntheticError'
}

/** `between $ and $ per share` → `between $7.00 and $9.00`; `price of $ per share` → `$8.00`. */
export function fillPriceRange(pages: readonly PageRecord[]): SyntheticPair {
  const after = copy(pages)
  let filled = 0
  for (const p of after) {
    const text = p.text
      .replace(/between \$ and \$ per share/g, 'between $7.00 and $9.00 per share')
      .replace(/offering price of \$ per share/g, 'offering price of $8.00 per share')
    if (text !== p.text) filled++
    p.text = text
  }
  if (!filled) throw new SyntheticError('no blank price range ("between $ and $ per share") to fill in')
  return {
    name: 'price range filled in',
    after,
    known: [
      { id: 'price-range-text', description: 'The blank price range is filled in', match: '\\$[789]\\.00' },
      {
        id: 'price-range-figure',
        description: 'The price range as a figure that moved',
        match: '\\$ (and \\$ )?→ \\$[789]\\.00',
        term: 'price range',
      },
    ],
  }
}

/** The lines of a body section: from its heading line to the next heading named in `next`. */
function findHeading(pages: readonly PageRecord[], heading: string): { page: number; line: number } {
  for (const [pi, p] of pages.entries()) {
    if (p.matter !== 'body') continue
    const line = p.text.split('\n').findIndex((l) => l.trim() === heading)
    if (line >= 0) return { page: pi, line }
  }
  throw new SyntheticError(`no body heading "${heading}"`)
}

export const NEW_RISK_FACTOR =
  'Our licenses with the major record labels may not be renewed on acceptable terms. If a label that ' +
  'holds a large share of the recordings our listeners ask for declines to renew, our catalogue would ' +
  'shrink and listeners may leave our service.'

/** A new risk factor paragraph, two pages into RISK FACTORS. */
export function addRiskFactor(pages: readonly PageRecord[]): SyntheticPair {
  const after = copy(pages)
  const at = findHeading(after, 'RISK FACTORS')
  const page = after[at.page + 2] as PageRecord
  const lines = page.text.split('\n')
  // After the page's third line: inside the section, between two paragraphs (HTML) or lines (PDF).
  lines.splice(Math.min(3, lines.length), 0, NEW_RISK_FACTOR)
  page.text = lines.join('\n')
  return {
    name: 'risk factor added',
    after,
    known: [
      {
        id: 'risk-factor',
        description: `New risk factor on p.${page.label}`,
        match: 'major record labels may not be renewed',
      },
    ],
  }
}

/** The first amount of four or more digits in the CAPITALIZATION section, plus one in its last digit. */
export function changeCapitalizationFigure(pages: readonly PageRecord[]): SyntheticPair {
  const after = copy(pages)
  const at = findHeading(after, 'CAPITALIZATION')
  for (const p of after.slice(at.page, at.page + 3)) {
    const lines = p.text.split('\n')
    const amount = /(?<![\d,.])\d{1,3}(?:,\d{3})+(?![\d,]*\d)/
    const i = lines.findIndex((l, k) => (p !== after[at.page] || k > at.line) && amount.test(l))
    if (i < 0) continue
    const old = (amount.exec(lines[i] as string) as RegExpExecArray)[0]
    const digits = old.replace(/,/g, '')
    const changed = Number(digits) + 1
    const now = changed.toLocaleString('en-US')
    lines[i] = (lines[i] as string).replace(old, now)
    p.text = lines.join('\n')
    const esc = (s: string) => s.replace(/[.$]/g, '\\$&')
    return {
      name: 'capitalization figure changed',
      after,
      known: [
        {
          id: 'figure-text',
          description: `${old} → ${now} on p.${p.label}`,
          match: `^${esc(old)} … ${esc(now)}$`,
        },
        {
          id: 'figure',
          description: 'The same figure, under capitalization',
          match: `${esc(old)} → ${esc(now)}`,
          term: 'capitalization',
        },
      ],
    }
  }
  throw new SyntheticError('no amount in the CAPITALIZATION section')
}

/** Moves the section under `heading` (to the next heading) to just before `before`. */
export function moveSection(pages: readonly PageRecord[], heading: string, before: string): SyntheticPair {
  const after = copy(pages)
  const from = findHeading(after, heading)
  const page = after[from.page] as PageRecord
  const lines = page.text.split('\n')
  let end = from.line + 1
  // The section runs to the next line in capitals that is a heading on the same page.
  while (end < lines.length && !/^[A-Z][A-Z ,’'&-]{3,}$/.test((lines[end] as string).trim())) end++
  const moved = lines.splice(from.line, end - from.line)
  page.text = lines.join('\n')
  const to = findHeading(after, before)
  const target = after[to.page] as PageRecord
  const tl = target.text.split('\n')
  tl.splice(to.line, 0, ...moved)
  target.text = tl.join('\n')
  return {
    name: `section moved (${heading})`,
    after,
    known: [
      {
        id: 'moved',
        description: `${heading} moved before ${before}`,
        match: heading.replace(/[.$()]/g, '\\$&'),
        status: 'moved',
      },
    ],
  }
}

/** Every synthetic pair of one filing's pages (the ones its text allows). */
export function syntheticPairs(pages: readonly PageRecord[]): SyntheticPair[] {
  return [
    fillPriceRange(pages),
    addRiskFactor(pages),
    changeCapitalizationFigure(pages),
    moveSection(pages, 'DIVIDEND POLICY', 'DILUTION'),
  ]
}
