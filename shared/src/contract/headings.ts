/**
 * Section headings as printed in a filing's text. One home for both the chunker (the section a chunk
 * falls under) and the amendment report (sections aligned by heading path). Pure and browser-safe.
 */

import { readPrintedLabel } from './page-label'

/** Navigation and placeholder lines that look like headings but head nothing. */
export const NOT_HEADINGS = /^(table of contents|logo|index|\(continued\)|continued)$/i

/**
 * A section heading: a short line in capitals (`RISK FACTORS`, `MANAGEMENT'S DISCUSSION AND ANALYSIS
 * OF …`) that is not a sentence, a label, a number row or a navigation link.
 */
export function isHeading(line: string): boolean {
  const text = line.trim()
  if (text.length < 4 || text.length > 120) return false
  if (/[a-z]/.test(text)) return false
  const letters = (text.match(/\p{Lu}/gu) ?? []).length
  const digits = (text.match(/\d/g) ?? []).length
  if (letters < 4 || digits > letters / 2) return false
  if (/[.,;:]$/.test(text)) return false
  if (text.split(/\s+/).length > 14) return false
  if (readPrintedLabel(text)) return false
  if (/\$|%/.test(text)) return false
  // Table rows with note references (`SMRS-TOPE LLC(6)`) and quoted terms (`“CAMP”`) are not headings.
  if (/\(\d+\)$/.test(text) || /^["“‘']/.test(text)) return false
  return !NOT_HEADINGS.test(text)
}

/** EDGAR's "Table of Contents" back-link tops every page: navigation, not content. */
export const NAVIGATION_LINE = /^(table of contents|back to contents|return to table of contents)$/i

/** Image placeholders (Chrome prints the ALT text, "LOGO") neither head nor break a heading. */
export const PLACEHOLDER_LINE = /^((logo|graphic|image|photo)\s*)+$|^\[missing image/i

/** Headings are kept as printed, whitespace tidied. */
export const tidyHeading = (s: string): string => s.replace(/\s+/g, ' ').trim()

/** A heading printed over several lines is one heading; a longer run of capitals is a legend. */
export const MAX_HEADING_WORDS = 20
