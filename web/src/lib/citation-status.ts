import type { Citation, FigureCheck } from '@asks1/shared/contract/api'

/**
 * `computed`: every figure is printed on the page, except some the answer computed from printed
 * ones (a sum, a difference, a change): honest arithmetic, but not what the page prints, so it is
 * neither green nor "not found".
 */
export type CitationStatus = 'pending' | 'verified' | 'computed' | 'unverified' | 'missing'

const isComputed = (c: Citation, figure: string) =>
  c.checks.some((k) => k.figure === figure && k.status === 'computed')

/**
 * How a page citation checked out, from the reply's `citations[]` for that page (an answer may
 * cite a page more than once). `pending` while the answer is still streaming.
 */
export function citationStatus(forPage: readonly Citation[] | null): CitationStatus {
  if (forPage === null || forPage.length === 0) return 'pending'
  if (forPage.some((c) => !c.exists)) return 'missing'
  if (forPage.every((c) => c.verified)) return 'verified'
  return forPage.every((c) => c.missing.every((m) => isComputed(c, m))) ? 'computed' : 'unverified'
}

export const citationsFor = (citations: readonly Citation[], page: string): Citation[] =>
  citations.filter((c) => c.page === page)

const unique = (xs: string[]) => [...new Set(xs)]

export const figuresOf = (forPage: readonly Citation[]) => unique(forPage.flatMap((c) => c.figures))
export const missingOf = (forPage: readonly Citation[]) => unique(forPage.flatMap((c) => c.missing))
/** How the page prints the cited figures, as the check found them ("3,711" for "$3.7 billion"). */
export const printedAsOf = (forPage: readonly Citation[]) =>
  unique(forPage.flatMap((c) => c.checks.flatMap((k) => k.printedAs ?? [])))

/** A figure the page does not print but the answer computed from figures it does print. */
export interface ComputedFigure {
  figure: string
  /** "$6,331 million − $2,990 million" */
  derivation: string
}

/** The computed figures of one page's citations (they are also in `missing`: not printed). */
export const computedOf = (forPage: readonly Citation[]): ComputedFigure[] =>
  firstPerFigure(forPage, (k) =>
    k.status === 'computed' ? { figure: k.figure, derivation: k.derivation ?? '' } : null,
  )

/** A figure the page prints only in another table row than the line item the answer names. */
export interface OtherLineItemFigure {
  figure: string
  /** The row the page prints it under ("Net income"). */
  printedIn: string
  /** The row the answer's words name ("Revenue"). */
  named: string
}

/** The other-line-item figures of one page's citations (they are also in `missing`). */
export const otherLineItemsOf = (forPage: readonly Citation[]): OtherLineItemFigure[] =>
  firstPerFigure(forPage, (k) =>
    k.status === 'other-line-item' && k.lineItem ? { figure: k.figure, ...k.lineItem } : null,
  )

/** For each figure, what `pick` makes of its first check that it takes (citations in order). */
function firstPerFigure<T>(forPage: readonly Citation[], pick: (k: FigureCheck) => T | null): T[] {
  const out = new Map<string, T>()
  for (const c of forPage)
    for (const k of c.checks) {
      if (out.has(k.figure)) continue
      const v = pick(k)
      if (v !== null) out.set(k.figure, v)
    }
  return [...out.values()]
}

const otherLineItemSentence = (others: readonly OtherLineItemFigure[], page: string) =>
  others
    .map((o) => `${o.figure} is printed on page ${page} as “${o.printedIn}”, not as “${o.named}”.`)
    .join(' ')

const computedSentence = (computed: readonly ComputedFigure[], page: string) =>
  `${computed.map((c) => (c.derivation ? `${c.figure} = ${c.derivation}` : c.figure)).join('; ')}: not printed on page ${page}, computed by the answer from figures printed there.`

export function statusSentence(
  status: CitationStatus,
  page: string,
  missing: readonly string[],
  figures: readonly string[] = [],
  computed: readonly ComputedFigure[] = [],
  others: readonly OtherLineItemFigure[] = [],
): string {
  const notFound = missing.filter(
    (m) => !computed.some((c) => c.figure === m) && !others.some((o) => o.figure === m),
  )
  switch (status) {
    case 'verified':
      return figures.length > 0
        ? `Checked: page ${page} is in the filing and the figures quoted from it appear on it.`
        : `Checked: page ${page} is in the filing.`
    case 'computed':
      return `Computed: ${computedSentence(computed, page)} The other figures are printed on it (highlighted): check the arithmetic.`
    case 'unverified': {
      const parts = [
        ...(notFound.length > 0
          ? [`${notFound.join(', ')} ${notFound.length === 1 ? 'was' : 'were'} not found on page ${page}.`]
          : []),
        ...(others.length > 0 ? [otherLineItemSentence(others, page)] : []),
      ]
      return parts.length > 0
        ? `Not verified: ${parts.join(' ')}${computed.length ? ` ${computedSentence(computed, page)}` : ''} Read the page to judge for yourself.`
        : `Not verified: the quoted figures could not be matched on page ${page}.`
    }
    case 'missing':
      return `Page ${page} does not exist in this filing: treat the claim that cites it with care.`
    default:
      return `Cited on page ${page}.`
  }
}

/**
 * How well the cited text matches the question (the reply's `relevance`), kept apart from the page
 * check: a quote can be on its page and still not answer. `unknown` while streaming or when the
 * server gave none.
 */
export type CitationMatch = 'strong' | 'partial' | 'weak' | 'unknown'

const MATCH_ORDER = ['strong', 'partial', 'weak'] as const

/** The best match among the citations of one page. */
export function citationMatch(forPage: readonly Citation[] | null): CitationMatch {
  const levels: CitationMatch[] = (forPage ?? []).flatMap((c) => (c.relevance ? [c.relevance.level] : []))
  return MATCH_ORDER.find((l) => levels.includes(l)) ?? 'unknown'
}

export const MATCH_WORDS: Record<CitationMatch, string> = {
  strong: 'matches the question',
  partial: 'partly matches the question',
  weak: 'barely matches the question',
  unknown: '',
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * One line under an answer: "3 citations · 1 quote found on its page · 1 figure computed from
 * figures printed on p.F-3 · 1 figure not found on p.F-4 · 1 weak match to the question". A
 * citation whose only unprinted figures are computed from printed ones is neither found nor a
 * failure: it is counted apart, so the parts add up. Empty when the answer cites nothing.
 */
export function citationSummary(citations: readonly Citation[], quoted: boolean): string {
  if (citations.length === 0) return ''
  const what = quoted ? 'quote' : 'citation'
  const n = citations.length
  const parts = [plural(n, 'citation')]
  const found = citations.filter((c) => c.verified).length
  const computedOnly = citations.filter((c) => citationStatus([c]) === 'computed').length
  const their = (k: number) => (k === 1 ? 'its page' : 'their pages')
  if (found === n) parts.push(`${n === 1 ? `the ${what}` : plural(found, what)} found on ${their(n)}`)
  else if (found + computedOnly === n) {
    if (found > 0) parts.push(`${plural(found, what)} found on ${their(found)}`)
  } else parts.push(`${found} of ${plural(n, what)} found on ${their(n)}`)
  const absent = citations.filter((c) => !c.exists).map((c) => `p.${c.page}`)
  if (absent.length) parts.push(`${plural(absent.length, 'page')} not in the filing (${absent.join(', ')})`)
  // Not printed splits in two: computed from printed figures (said so), and not found at all.
  const tally = (keep: (c: Citation, figure: string) => boolean, what: string) => {
    const pages = citations.filter((c) => c.exists && c.missing.some((m) => keep(c, m)))
    const k = pages.reduce((t, c) => t + c.missing.filter((m) => keep(c, m)).length, 0)
    if (k) parts.push(`${plural(k, 'figure')} ${what} ${unique(pages.map((c) => `p.${c.page}`)).join(', ')}`)
  }
  tally((c, m) => !isComputed(c, m), 'not found on')
  tally(isComputed, 'computed from figures printed on')
  const weak = citations.filter((c) => c.relevance?.level === 'weak').length
  if (weak) parts.push(`${plural(weak, 'weak match', 'weak matches')} to the question`)
  return parts.join(' · ')
}
