import type { Citation } from '@asks1/shared/contract/api'

export type CitationStatus = 'pending' | 'verified' | 'unverified' | 'missing'

/**
 * How a page citation checked out, from the reply's `citations[]` for that page (an answer may
 * cite a page more than once). `pending` while the answer is still streaming.
 */
export function citationStatus(forPage: readonly Citation[] | null): CitationStatus {
  if (forPage === null || forPage.length === 0) return 'pending'
  if (forPage.some((c) => !c.exists)) return 'missing'
  return forPage.every((c) => c.verified) ? 'verified' : 'unverified'
}

export const citationsFor = (citations: readonly Citation[], page: string): Citation[] =>
  citations.filter((c) => c.page === page)

const unique = (xs: string[]) => [...new Set(xs)]

export const figuresOf = (forPage: readonly Citation[]) => unique(forPage.flatMap((c) => c.figures))
export const missingOf = (forPage: readonly Citation[]) => unique(forPage.flatMap((c) => c.missing))

/** A figure the page does not print but the answer computed from figures it does print. */
export interface ComputedFigure {
  figure: string
  /** "$6,331 million − $2,990 million" */
  derivation: string
}

/** The computed figures of one page's citations (they are also in `missing`: not printed). */
export function computedOf(forPage: readonly Citation[]): ComputedFigure[] {
  const out = new Map<string, ComputedFigure>()
  for (const c of forPage)
    for (const k of c.checks)
      if (k.status === 'computed' && !out.has(k.figure))
        out.set(k.figure, { figure: k.figure, derivation: k.derivation ?? '' })
  return [...out.values()]
}

const computedSentence = (computed: readonly ComputedFigure[], page: string) =>
  `${computed.map((c) => (c.derivation ? `${c.figure} (${c.derivation})` : c.figure)).join(', ')} ${computed.length === 1 ? 'is' : 'are'} not printed on page ${page}: the answer computed ${computed.length === 1 ? 'it' : 'them'} from figures printed there.`

export function statusSentence(
  status: CitationStatus,
  page: string,
  missing: readonly string[],
  figures: readonly string[] = [],
  computed: readonly ComputedFigure[] = [],
): string {
  const notFound = missing.filter((m) => !computed.some((c) => c.figure === m))
  switch (status) {
    case 'verified':
      return figures.length > 0
        ? `Checked: page ${page} is in the filing and the figures quoted from it appear on it.`
        : `Checked: page ${page} is in the filing.`
    case 'unverified':
      if (notFound.length === 0 && computed.length > 0)
        return `Not verified as printed: ${computedSentence(computed, page)} Check the arithmetic on the page.`
      return notFound.length > 0
        ? `Not verified: ${notFound.join(', ')} ${notFound.length === 1 ? 'was' : 'were'} not found on page ${page}.${computed.length ? ` ${computedSentence(computed, page)}` : ''} Read the page to judge for yourself.`
        : `Not verified: the quoted figures could not be matched on page ${page}.`
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
 * One line under an answer: "3 citations · 3 quotes found on their pages · 1 figure not found on
 * p.F-4 · 1 weak match to the question". Empty when the answer cites nothing.
 */
export function citationSummary(citations: readonly Citation[], quoted: boolean): string {
  if (citations.length === 0) return ''
  const what = quoted ? 'quote' : 'citation'
  const parts = [plural(citations.length, 'citation')]
  const found = citations.filter((c) => c.verified).length
  parts.push(
    found === citations.length
      ? `${citations.length === 1 ? `the ${what}` : `${plural(found, what)}`} found on ${citations.length === 1 ? 'its page' : 'their pages'}`
      : `${found} of ${plural(citations.length, what)} found on ${citations.length === 1 ? 'its page' : 'their pages'}`,
  )
  const absent = citations.filter((c) => !c.exists).map((c) => `p.${c.page}`)
  if (absent.length) parts.push(`${plural(absent.length, 'page')} not in the filing (${absent.join(', ')})`)
  // Not printed splits in two: computed from printed figures (said so), and not found at all.
  const isComputed = (c: Citation, figure: string) =>
    c.checks.some((k) => k.figure === figure && k.status === 'computed')
  const tally = (keep: (c: Citation, figure: string) => boolean, what: string) => {
    const pages = citations.filter((c) => c.exists && c.missing.some((m) => keep(c, m)))
    const n = pages.reduce((t, c) => t + c.missing.filter((m) => keep(c, m)).length, 0)
    if (n) parts.push(`${plural(n, 'figure')} ${what} ${pages.map((c) => `p.${c.page}`).join(', ')}`)
  }
  tally((c, m) => !isComputed(c, m), 'not found on')
  tally(isComputed, 'computed, not printed, on')
  const weak = citations.filter((c) => c.relevance?.level === 'weak').length
  if (weak) parts.push(`${plural(weak, 'weak match', 'weak matches')} to the question`)
  return parts.join(' · ')
}
