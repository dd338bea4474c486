/**
 * Legal proceedings as Regulation S-K Item 103 (17 CFR 229.103) asks them to be described: "the
 * name of the court or agency in which the proceedings are pending, the date instituted, the
 * principal parties thereto, a description of the factual basis alleged to underlie the proceeding
 * and the relief sought", and not "ordinary routine litigation incidental to the business". A
 * question naming the section's title (vocabulary.ts, "legal proceedings") asks for those: the
 * sentence naming the court or the filing of a suit ("Paul D. Ceglia filed suit against us … in the
 * Supreme Court of the State of New York", "a putative class action lawsuit was filed against us in
 * the U.S. District Court …") answers it, a generic one ("We are party to various legal proceedings
 * and claims which arise in the ordinary course of business") does not say which. Pure.
 */
import { keywordTerms } from '@asks1/shared/retrieval/terms'
import { FORM_SECTIONS } from '@asks1/shared/retrieval/vocabulary'

/** Item 103's titles as index terms, each a list of words every one of which the question must name. */
const TITLES: readonly (readonly string[])[] = FORM_SECTIONS.filter(
  (s) => s.id === 'legal-proceedings',
).flatMap((s) => s.titles.map((t) => keywordTerms(t).filter((w) => !w.includes(' '))))

/** Whether a question's terms name Item 103's title: it asks which proceedings. */
export const asksProceedings = (terms: readonly string[]): boolean =>
  TITLES.some((t) => t.length > 0 && t.every((w) => terms.includes(w)))

/**
 * Item 103's particulars as filings print them: a court by its name ("U.S. District Court for the
 * Northern District of California", "Superior Court of the Province of Quebec", "the Court of
 * Chancery"), a case caption ("Smith v. Facebook"), or a suit's filing by or against a party
 * ("filed suit against us", "a lawsuit was filed against us", "filed a complaint").
 */
const PARTICULARS = new RegExp(
  [
    String.raw`\b(?:District|Superior|Circuit|Supreme|Chancery|County|Federal|Appeals?)\s+Court\b`,
    String.raw`\bCourt\s+(?:of|for)\s+(?:the\s+)?\p{Lu}`,
    String.raw`\b\p{Lu}[\p{L}.'’-]*\s+v\.\s+\p{Lu}`,
    String.raw`\bfiled\s+(?:a\s+|an\s+)?(?:[\p{L}-]+\s+){0,3}(?:suit|lawsuits?|complaints?|petition|action)\b`,
    String.raw`\b(?:suit|lawsuits?|complaints?|actions?)\s+(?:was|were|has\s+been|have\s+been)\s+filed\b`,
  ].join('|'),
  'u',
)

/** Whether a text names a proceeding's particulars (Item 103): a court, a case, a suit filed. */
export const namesProceeding = (text: string): boolean => PARTICULARS.test(text)

/** Item 103's titles as a filing prints its heading: the title, then the capitalised first word of its text. */
const HEADINGS = FORM_SECTIONS.filter((s) => s.id === 'legal-proceedings').flatMap((s) =>
  s.titles.map((t) => new RegExp(String.raw`\b${t.replace(/\s+/g, String.raw`\s+`)}\s+\p{Lu}`, 'iu')),
)

/**
 * The heading of Item 103's section a unit naming a proceeding's particulars sits under, when its
 * passage prints one: the Ceglia sentence says "filed suit", not "legal proceedings", and is read
 * with the heading it is printed under. Null when the unit names none or the passage prints no
 * such heading.
 */
export function proceedingsHeading(unit: string, passage: string | undefined): string | null {
  if (!passage || !namesProceeding(unit)) return null
  const at = passage.indexOf(unit.slice(0, 40))
  const before = at < 0 ? passage : passage.slice(0, at)
  const m = HEADINGS.map((re) => re.exec(before)).find((x) => x !== null)
  return m ? m[0].slice(0, -1).trim() : null
}
