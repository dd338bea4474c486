import { type CitationMatch, type CitationStatus, MATCH_WORDS } from '../lib/citation-status'

const STATUS_WORDS: Record<CitationStatus, string> = {
  pending: '',
  verified: 'checked',
  computed: 'a figure computed from figures on the page',
  unverified: 'not verified',
  missing: 'page not found',
}

/**
 * A cited printed page: a button that opens the page's text. It carries two separate facts: the
 * machine check (its colour and left mark: ✓ found on the page, = a figure computed from figures
 * printed there, a dot: a figure not found, struck through: no such page) and how well the cited text matches the question (the bars on the right). A quote that is
 * on its page but barely matches the question is never green.
 */
export function CitationChip({
  page,
  status,
  match = 'unknown',
  onOpen,
}: {
  page: string
  status: CitationStatus
  match?: CitationMatch
  onOpen: (page: string) => void
}) {
  const words = [STATUS_WORDS[status], MATCH_WORDS[match]].filter(Boolean).join(', ')
  return (
    <button
      type="button"
      className={`cite cite--${status} cite--match-${match}`}
      data-page={page}
      data-match={match}
      // The name starts with what the chip shows ("p.50"), so voice control finds it by its label.
      aria-label={`p.${page}${words ? `, ${words}` : ''}, open the page`}
      title={words ? `p.${page} (${words})` : `Open p.${page}`}
      onClick={() => onOpen(page)}
    >
      <span aria-hidden="true" className="cite__mark" />
      p.{page}
      {match !== 'unknown' && <MatchBars match={match} />}
    </button>
  )
}

const BARS: Record<CitationMatch, number> = { strong: 3, partial: 2, weak: 1, unknown: 0 }

/** Three bars, as many filled as the match is strong. */
export function MatchBars({ match }: { match: CitationMatch }) {
  return (
    <span aria-hidden="true" className="cite__match">
      {[1, 2, 3].map((i) => (
        <i key={i} className={i <= BARS[match] ? 'on' : undefined} />
      ))}
    </span>
  )
}
