/**
 * Scores a PDF's table reading against the HTML reading of the same filing (EDGAR's `<table>`
 * markup is the gold): the share of numeric HTML cells found in the PDF reading on the same
 * printed page, in a row with the same label and a column with the same period, with the same
 * value. Pure.
 */
import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { Table } from '@asks1/shared/contract/tables'

export interface TableScore {
  /** Numeric HTML cells in columns with a period (the cells a question can name). */
  goldCells: number
  /** Of them, found in the PDF reading with the right row label, period, page and value. */
  recovered: number
  recall: number
  /** Cells found with the right value and page but a different row label or period. */
  misplaced: number
  /** PDF cells with a period, on pages where the HTML has such cells: the other way round. */
  pdfCells: number
  /** Of them, matching no HTML cell (page, row label, period, value): readings the gold does not back. */
  unmatched: number
  goldTables: number
  pdfTables: number
  /** A few misses, for reading. */
  examples: string[]
}

/** Row labels compared loosely: case, punctuation, footnote marks and spacing do not count. */
export const labelKey = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

const periodKey = (s: string | null): string => labelKey(s ?? '')

interface Entry {
  page: string
  label: string
  period: string
  value: number
}

function entries(pages: readonly PageRecord[]): Entry[] {
  const out: Entry[] = []
  for (const p of pages)
    for (const t of p.tables ?? [])
      for (const r of t.rows)
        r.cells.forEach((c, i) => {
          const col = t.columns[i]
          if (c.value === null || !col?.period) return
          out.push({ page: r.page, label: labelKey(r.label), period: periodKey(col.period), value: c.value })
        })
  return out
}

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b))

export function scoreTables(
  gold: readonly PageRecord[],
  pdf: readonly PageRecord[],
  maxExamples = 500,
): TableScore {
  const want = entries(gold)
  const have = entries(pdf)
  const byPage = new Map<string, Entry[]>()
  for (const e of have) byPage.set(e.page, [...(byPage.get(e.page) ?? []), e])
  let recovered = 0
  let misplaced = 0
  const examples: string[] = []
  for (const g of want) {
    const cands = (byPage.get(g.page) ?? []).filter((e) => same(e.value, g.value))
    if (cands.some((e) => e.label === g.label && e.period === g.period)) recovered++
    else {
      if (cands.length) misplaced++
      if (examples.length < maxExamples)
        examples.push(
          `p.${g.page} "${g.label}" / ${g.period}: ${g.value}${cands.length ? ` (found as "${cands[0]?.label}" / ${cands[0]?.period})` : ' (not found)'}`,
        )
    }
  }
  const goldKeys = new Set(want.map((e) => `${e.page}|${e.label}|${e.period}|${e.value}`))
  const goldPages = new Set(want.map((e) => e.page))
  const checked = have.filter((e) => goldPages.has(e.page))
  const unmatched = checked.filter((e) => !goldKeys.has(`${e.page}|${e.label}|${e.period}|${e.value}`)).length
  const count = (pages: readonly PageRecord[]) =>
    pages.reduce((n, p) => n + (p.tables ?? []).filter((t: Table) => !t.continued).length, 0)
  return {
    goldCells: want.length,
    recovered,
    recall: want.length ? recovered / want.length : 0,
    misplaced,
    pdfCells: checked.length,
    unmatched,
    goldTables: count(gold),
    pdfTables: count(pdf),
    examples,
  }
}
