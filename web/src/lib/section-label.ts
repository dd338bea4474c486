/**
 * Navigation headings of a filing's front matter (its table of contents, the index to the financial
 * statements): they head a list of pages, not the text after them, so they never label a passage.
 */
const NAVIGATION_HEADINGS =
  /^(?:table of contents|index to (?:the )?(?:consolidated )?financial statements)$/i

export const sectionLabel = (section: string | null): string | null =>
  section && !NAVIGATION_HEADINGS.test(section.trim()) ? displaySection(section) : null

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
])

/** Filings set headings in capitals ("RISK FACTORS"); shown in title case, other headings as they are. */
export function displaySection(section: string): string {
  if (/[a-z]/.test(section)) return section
  return section
    .toLowerCase()
    .split(/\s+/)
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ')
}
