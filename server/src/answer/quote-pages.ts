/**
 * What a quote cites. A unit can run across a page break (a sentence continued overleaf, a table
 * split over two pages); a quote cites only the pages its quoted words are printed on. A unit too
 * long to quote whole is narrowed further to the pages whose part says something the question asks
 * about (the tail of a table on the next page that holds none of its terms is not where the answer
 * is), and the quote is cut to those parts, so every figure it shows is on a cited page (the badge
 * check). Pure.
 */
import type { TextUnit } from '@asks1/shared/contract/sentences'
import { stemsOf } from './stems'

export interface QuoteSpan {
  /** The stretch `[from, to)` of the unit's text quoted. */
  from: number
  to: number
  pages: string[]
}

/**
 * The pages the stretch `window` of a unit sits on; when the window is only part of the unit,
 * narrowed to those whose part holds one of the `matched` question terms (stems or phrases), and
 * the stretch cut to them.
 */
export function quoteSpan(
  unit: Pick<TextUnit, 'text' | 'pages' | 'pageStarts'>,
  window: { from: number; to: number },
  matched: readonly string[],
): QuoteSpan {
  const parts = unit.pages
    .map((page, i) => ({
      page,
      from: Math.max(window.from, unit.pageStarts[i] ?? 0),
      to: Math.min(window.to, unit.pageStarts[i + 1] ?? unit.text.length),
    }))
    .filter((p) => p.from < p.to && unit.text.slice(p.from, p.to).trim() !== '')
  if (parts.length === 0) return { ...window, pages: unit.pages.slice(0, 1) }
  const wanted = new Set(matched)
  const phrases = matched.filter((m) => m.includes(' '))
  const holds = (p: { from: number; to: number }) => {
    const part = unit.text.slice(p.from, p.to)
    const lower = part.toLowerCase()
    return stemsOf(part).some((t) => wanted.has(t)) || phrases.some((m) => lower.includes(m))
  }
  // Only a unit quoted in part anyway (a table flattened into one unit, a run-on) is narrowed: a
  // sentence is one statement, quoted whole and cited on every page it is printed on.
  const partial = window.to - window.from < unit.text.length
  const kept = partial && parts.length > 1 && parts.some(holds) ? parts.filter(holds) : parts
  const first = kept[0] as (typeof kept)[number]
  const last = kept.at(-1) as (typeof kept)[number]
  // Parts kept on both sides of a dropped one (a table over three pages) keep what lies between.
  const pages = parts.filter((p) => p.from >= first.from && p.to <= last.to).map((p) => p.page)
  return { from: first.from, to: last.to, pages }
}
