/**
 * Whether a table row's label names a party of a list (name-lists.ts): a firm, by the designator
 * the laws of organisation require its name to end in (form-lists.ts), or a person, by the shape of
 * a personal name; and whether a text names a firm (a who question's answer, rank.ts). Pure.
 */
import { lineItemOf } from '@asks1/shared/retrieval/line-items'
import escapeStringRegexp from 'escape-string-regexp'
import { AFFILIATES_PREFIX, FIRM_DESIGNATORS, type Parties } from './form-lists'

export const DESIGNATORS = new Set(FIRM_DESIGNATORS)
/** Words of a table's own rows, not of a name: "Total", "Per Share". */
const TABLE_WORDS = /\b(?:total|subtotal|per|shares?)\b/i
/** Credentials and suffixes after a person's name ("Yuri Maricich, MD", "Ravi I. Thadhani, MD, MPH"). */
const CREDENTIALS =
  /(?:,?\s+(?:Ph\.?\s?D\.?|M\.?D\.?|Sc\.?D\.?|MPH|M\.?B\.?A\.?|J\.?D\.?|Jr\.?|Sr\.?|II|III|IV|Esq\.?))+$/
/** Particles of a surname, written lower case ("Ludwig van Beethoven"). */
const PARTICLES = new Set(['de', 'da', 'del', 'der', 'di', 'du', 'la', 'le', 'van', 'von'])
const CAPITALISED = /^(?:\p{Lu}[\p{L}'’.-]*|\p{Lu}\.(?:\p{Lu}\.)*|\d[\p{L}\p{N}-]*)[,]?$/u

/** A label without footnote markers and dot leaders: "Morgan Stanley & Co. LLC(1)" → "Morgan Stanley & Co. LLC". */
export const cleanName = (label: string) =>
  label
    .replace(/\s*(?:\.\s*){3,}.*$/, '')
    .replace(/\s*(?:\(\d{1,2}\)|\*)+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()

/** Every word capitalised, bar "&", "and", "of" and surname particles inside the name. */
function titleWords(text: string): string[] | null {
  const words = text.split(' ').filter(Boolean)
  if (words.length === 0) return null
  const ok = words.every(
    (w, i) =>
      CAPITALISED.test(w) ||
      (i > 0 && i < words.length - 1 && (w === '&' || w === 'and' || w === 'of' || PARTICLES.has(w))),
  )
  return ok ? words : null
}

/** The last word of a name, as a designator would be looked up ("L.L.C." → "l.l.c"). */
export const designatorOf = (word: string) => word.toLowerCase().replace(/[.,]+$/, '')

/** A firm's name: capitalised words ending in a designator the laws of organisation require. */
export function isFirmName(label: string): boolean {
  const name = cleanName(label)
  const affiliated = name.replace(AFFILIATES_PREFIX, '')
  if (affiliated !== name) return titleWords(affiliated) !== null
  const words = titleWords(name)
  if (!words || words.length < 2 || TABLE_WORDS.test(name)) return false
  // "Goldman, Sachs & Co.": the partnership form is "& Co." as much as a designator.
  return DESIGNATORS.has(designatorOf(words.at(-1) as string))
}

/** A person's name: two to five capitalised words or initials, credentials aside, no table word. */
export function isPersonName(label: string): boolean {
  const name = cleanName(label).replace(CREDENTIALS, '')
  if (TABLE_WORDS.test(name) || lineItemOf(name) !== null) return false
  const words = titleWords(name)
  return !!words && words.length >= 2 && words.length <= 5
}

export const isName = (label: string, parties: Parties) =>
  isFirmName(label) || (parties === 'firms-or-people' && isPersonName(label))

// The designators as printed after a comma: capitalised ("Inc") or in capitals ("LLC", "L.P").
const PRINTED_DESIGNATORS = FIRM_DESIGNATORS.flatMap((d) => [
  d.charAt(0).toUpperCase() + d.slice(1),
  d.toUpperCase(),
])
  .map(escapeStringRegexp)
  .join('|')
/**
 * Runs of capitalised words ("&", "and", "of" between them), a comma allowed before a designator
 * ("Goldman, Sachs & Co.", "Acme, Inc."): the candidates for a firm's name.
 */
const NAME_RUN = new RegExp(
  `\\p{Lu}[\\p{L}'’.-]*(?:(?:\\s+(?:(?:&|and|of)\\s+)?|,\\s+(?=(?:${PRINTED_DESIGNATORS})\\b))\\p{Lu}[\\p{L}'’.-]*)*`,
  'gu',
)

/**
 * Whether a text names a firm by its legal name, ending in the designator of its form of business
 * (form-lists.ts, `isFirmName`): "Ernst & Young LLP". The query module's name pattern reads runs of plain
 * capitalised words only, so it missed it.
 */
export const namesFirm = (text: string): boolean =>
  [...text.matchAll(NAME_RUN)].some((m) => {
    // The run may go on past the name: "/s/ Ernst & Young LLP We have served as …".
    const words = m[0].split(/\s+/)
    return words.some((_, k) => k > 0 && isFirmName(words.slice(0, k + 1).join(' ')))
  })
