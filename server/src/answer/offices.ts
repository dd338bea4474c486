/**
 * Titles of office, the one home of what the answer stage knows of them. Regulation S-K Item 401
 * lists a filer's executive officers and directors by title ("Chief Executive Officer", "Vice
 * President", "General Counsel"); Item 402's compensation tables print the same titles beside the
 * figures. A title names an office: it is neither someone who holds it nor a line item it happens
 * to spell ("Chief Revenue Officer" is no revenue). Pure.
 */

/** The words titles of office are made of, lower-cased. */
const TITLE_WORDS = new Set(
  'chief executive financial operating technology technical accounting officer officers president vice chairman chair director directors secretary treasurer general counsel board senior'.split(
    ' ',
  ),
)

/** Whether a word is one titles of office are made of ("Chief", "President"; any case). */
export const isTitleWord = (word: string): boolean => TITLE_WORDS.has(word.toLowerCase())

/**
 * A "Chief … Officer" title, whatever office it names ("Chief Revenue Officer", "Chief People and
 * Culture Officer"): the words between are capitalised, so a sentence reading "chief … officer" in
 * lower case is not one.
 */
const CHIEF_OFFICER = /\bChief(?:\s+(?:and\s+)?\p{Lu}[\p{L}&-]*)+\s+Officers?\b/gu

/**
 * A text without the "Chief … Officer" titles it prints: a caption inside a title is the office's
 * name, not the line item, so the compensation table of a "Chief Revenue Officer" gives no figure
 * of revenue.
 */
export const withoutOffices = (text: string): string => text.replace(CHIEF_OFFICER, ' ')
