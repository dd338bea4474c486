/**
 * Blanks a preliminary prospectus prints where the final one will give a value: a registration
 * statement filed before pricing omits the offering price and what follows from it (Securities Act
 * Rule 430A), and filers typeset the omission as an empty quotation (the trading symbol “ ”), a
 * currency sign with no figure ("$ per share", "between $ and $"), or a bullet or underscores in
 * brackets ("[●]", "[__]"). Pure.
 */

const BLANKS = [
  // An empty quotation: `trading symbol “ .”`.
  /[“"]\s*[.,;]?\s*[”"]/,
  // A currency sign with no figure in prose: `$ per share`, `between $ and $`, `$ million`. (Tables
  // print `$` in cells of their own and `($)` in headers, so a lone sign elsewhere is no blank.)
  /\$\s*(?:per\s+share\b|and\s+\$|to\s+\$|(?:million|billion)\b)/i,
  // Bracketed placeholders: `[●]`, `[•]`, `[ ]`, `[__]`.
  /\[\s*(?:[●•]|_+|\s)\s*\]/,
]

/** Whether a sentence or row prints a blank where a value belongs. */
export const printsBlank = (text: string): boolean => BLANKS.some((re) => re.test(text))

/**
 * How far either side of a blank its subject is printed: the words that say what the blank stands
 * for sit beside it ("an assumed initial public offering price of $ per share", "approximately
 * $ million that we will incur"), within a clause of a few words.
 */
const NEAR = 60
/** What ends the stretch a blank belongs to: a list item or a clause of its own. */
const SEGMENT_BREAK = /[;•]/

/**
 * The text beside each blank of `text` (up to NEAR characters either side, within its list item or
 * clause): what the blank stands for. A long passage printing a blank for the RSU expense in one
 * bullet ("approximately $ million that we will incur") leaves its revenue bullets unblanked.
 */
export function blankContexts(text: string): string[] {
  const out: string[] = []
  for (const re of BLANKS)
    for (const m of text.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`))) {
      const at = m.index ?? 0
      const end = at + m[0].length
      const before = text.slice(Math.max(0, at - NEAR), at)
      const after = text.slice(end, end + NEAR)
      const lead = before.split(SEGMENT_BREAK).at(-1) ?? ''
      const tail = after.split(SEGMENT_BREAK)[0] ?? ''
      out.push(`${lead}${m[0]}${tail}`)
    }
  return out
}
