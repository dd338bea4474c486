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
