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

export function statusSentence(
  status: CitationStatus,
  page: string,
  missing: readonly string[],
  figures: readonly string[] = [],
): string {
  switch (status) {
    case 'verified':
      return figures.length > 0
        ? `Checked: page ${page} is in the filing and the figures quoted from it appear on it.`
        : `Checked: page ${page} is in the filing.`
    case 'unverified':
      return missing.length > 0
        ? `Not verified: ${missing.join(', ')} ${missing.length === 1 ? 'was' : 'were'} not found on page ${page}. Read the page to judge for yourself.`
        : `Not verified: the quoted figures could not be matched on page ${page}.`
    case 'missing':
      return `Page ${page} does not exist in this filing: treat the claim that cites it with care.`
    default:
      return `Cited on page ${page}.`
  }
}
