import type { CitationStatus } from '../lib/citation-status'

const STATUS_WORDS: Record<CitationStatus, string> = {
  pending: '',
  verified: 'checked',
  unverified: 'not verified',
  missing: 'page not found',
}

/** A cited printed page: a button that opens the page's text. Its look and name carry the check result. */
export function CitationChip({
  page,
  status,
  onOpen,
}: {
  page: string
  status: CitationStatus
  onOpen: (page: string) => void
}) {
  const words = STATUS_WORDS[status]
  return (
    <button
      type="button"
      className={`cite cite--${status}`}
      data-page={page}
      // The name starts with what the chip shows ("p.50"), so voice control finds it by its label.
      aria-label={`p.${page}${words ? `, ${words}` : ''}, open the page`}
      title={words ? `p.${page} (${words})` : `Open p.${page}`}
      onClick={() => onOpen(page)}
    >
      <span aria-hidden="true" className="cite__mark" />
      p.{page}
    </button>
  )
}
