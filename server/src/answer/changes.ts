/**
 * Questions about what an amendment changed, answered from the change report instead of retrieval:
 * passages of one version cannot say what another version said.
 *
 * A question asks about changes when it uses a word of change AND a word naming a version of a filing
 * ("what changed in the amendment?", "is anything new in this version?", "how does the S-1/A differ from
 * the original?"). Either alone is ordinary: "how did revenue change in 2011?" is about the business,
 * "what does the amended and restated charter say?" about a document. The two word lists are domain
 * data: the SEC names a later version of a registration statement an amendment and marks its form
 * "/A" (Securities Act Rule 472; Regulation S-T Rule 101), and readers compare it with the "original",
 * "previous" or "prior" filing or version (an adjective of time alone names no version).
 */
import type { Source } from '@asks1/shared/contract/api'
import type { ChangesReply, FigureChange, SectionChange } from '@asks1/shared/contract/changes'
import { PAGE_LABEL_RE } from '@asks1/shared/contract/page-label'
import { keywordTerms } from '@asks1/shared/retrieval/terms'

const CHANGE_WORDS =
  /\b(chang(e|ed|es|ing)|differ(s|ed|ent|ence|ences)?|new|added|removed|deleted|revis(ed|ion|ions)|updat(e|ed|es)|moved|modif(y|ied|ication|ications)|compar(e|ed|ison))\b/i
/**
 * Nouns that name a version of a filing by themselves: an amendment, a version, a draft, a re-filing,
 * a form marked "/A".
 */
const VERSION_NOUNS = /\b(amendments?|versions?|drafts?|re-?fil(ed|ing|ings)|[A-Z0-9]+-\d+\/A)\b/i

/**
 * "Original", "previous", "prior", "earlier" and "preliminary" name a version only when they qualify
 * a filing ("the previous filing", "the prior version of the prospectus", "the original S-1") or
 * stand for one ("differ from the original?"). Before any other noun they name something of the
 * business: "compared with the prior year" asks about the filing's figures, and "Does the new CEO
 * have previous CEO experience?" about a person; both were answered with the reply about amendments.
 */
const EARLIER_FILING =
  /\b(?:original|previous|prior|earlier|preliminary)(?:\s+(?:filings?|prospectus(?:es)?|registration\s+statements?|documents?|one|[A-Z0-9]+-\d+[A-Z]?)\b|\s*(?:[?.!,;:]|$))/i

export function isChangeQuestion(question: string): boolean {
  return CHANGE_WORDS.test(question) && (VERSION_NOUNS.test(question) || EARLIER_FILING.test(question))
}

/** Question words that only say "what changed" (so they do not steer the focus). */
const INTENT_TERMS = new Set(
  keywordTerms(
    'what which how did does do is are was were has have anything something the a an in of to from between this that these those new change changed changes changing differ differs different difference differences amendment amendments amended version versions original previous prior earlier preliminary filing filings s-1 s-1/a compare compared',
  ),
)

const MAX_SECTIONS = 8
const MAX_FIGURES = 8

/** A printed page is cited `p.N`; an unnumbered part (a cover) is named, never cited as a page. */
const newSide = (pages: readonly string[]) => {
  const first = pages[0]
  if (first === undefined) return ''
  return PAGE_LABEL_RE.test(first) ? `p.${first}` : `(${first})`
}
/** The old version's pages, written so they are not read as citations of the live version. */
const oldSide = (n: number, pages: readonly string[]) =>
  pages.length ? `(version ${n}: ${pages[0]}${pages.length > 1 ? `–${pages[pages.length - 1]}` : ''})` : ''

const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)
const quoted = (parts: readonly string[]) => parts.map((t) => `"${clip(t, 80)}"`).join(', ')

/**
 * One line per section: the new version's citation right after the title and before any old text,
 * so the citation check reads only what the new page prints (`now …`) and never the old figures.
 */
function sectionLine(s: SectionChange, fromN: number): string {
  const title = s.path.join(' › ') || '(untitled opening text)'
  const renamed = s.fromPath ? ` (was "${s.fromPath.at(-1)}")` : ''
  if (s.status === 'added') return `- Added section **${title}** ${newSide(s.to.pages)}`
  if (s.status === 'removed') return `- Removed section **${title}** ${oldSide(fromN, s.from.pages)}`
  const first = s.changes[0]
  const verb = s.status === 'moved' ? 'Moved' : 'Rewritten'
  const at = first ?? { from: s.from, to: s.to, parts: [] }
  const added = at.parts.filter((p) => p.op === 'added').map((p) => p.text)
  const removed = at.parts.filter((p) => p.op === 'removed').map((p) => p.text)
  const what = [
    added.length ? `now ${quoted(added.slice(0, 2))}` : '',
    removed.length ? `was ${quoted(removed.slice(0, 2))}` : '',
  ]
    .filter(Boolean)
    .join('; ')
  const more =
    s.changes.length > 1 ? `; and ${s.changes.length - 1} more passage${s.changes.length > 2 ? 's' : ''}` : ''
  return `- ${verb} **${title}**${renamed} ${newSide(at.to.pages)}${what ? `: ${what}` : ''} ${oldSide(fromN, at.from.pages)}${more}`
}

/** The new figure right before its citation (what the check reads), the old one after. */
function figureLine(f: FigureChange, fromN: number): string {
  return `- ${f.term}: ${f.after ?? '—'} ${newSide(f.to.pages)}; was ${f.before ?? '—'} ${oldSide(fromN, f.from.pages)}`
}

/** Items mentioning the question's own subject ("did the price range change?") come first. */
function focus<T>(items: readonly T[], text: (t: T) => string, question: string): T[] {
  const terms = keywordTerms(question).filter((t) => !INTENT_TERMS.has(t))
  if (terms.length === 0) return [...items]
  const score = (t: T) => {
    const words = new Set(keywordTerms(text(t)))
    return terms.filter((q) => words.has(q)).length
  }
  return items
    .map((t, i) => ({ t, i, s: score(t) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.t)
}

/** The answer text and its sources (the changed passages of the new version). */
export function changesAnswer(
  report: ChangesReply,
  company: string,
  question: string,
): { answer: string; sources: Source[] } {
  const { from, to, summary } = report
  const lines = [
    `What changed in ${company}'s filing from version ${from.n} (${from.form}, filed ${from.filed}) to version ${to.n} (${to.form}, filed ${to.filed}), from the change report of the two versions: ${summary.sectionsRewritten} sections rewritten (${summary.passages} passages), ${summary.sectionsAdded} added, ${summary.sectionsRemoved} removed, ${summary.sectionsMoved} moved; ${summary.figures} figures moved. Pages are those of version ${to.n}, with version ${from.n}'s in brackets.`,
  ]
  const figures = focus(report.figures, (f) => `${f.term} ${f.context}`, question)
  if (figures.length) {
    lines.push('', 'Figures that moved:')
    for (const f of figures.slice(0, MAX_FIGURES)) lines.push(figureLine(f, from.n))
    if (figures.length > MAX_FIGURES) lines.push(`- … and ${figures.length - MAX_FIGURES} more`)
  }
  const sections = focus(
    report.sections,
    (s) => `${s.path.join(' ')} ${s.changes.map((c) => c.parts.map((p) => p.text).join(' ')).join(' ')}`,
    question,
  )
  if (sections.length) {
    lines.push('', 'Sections:')
    for (const s of sections.slice(0, MAX_SECTIONS)) lines.push(sectionLine(s, from.n))
    if (sections.length > MAX_SECTIONS)
      lines.push(`- … and ${sections.length - MAX_SECTIONS} more (the "What changed" view lists them all)`)
  }
  if (!figures.length && !sections.length) lines.push('', 'The two versions have the same text.')
  const sources: Source[] = sections
    .slice(0, MAX_SECTIONS)
    .flatMap((s, i) =>
      s.changes.slice(0, 1).map(
        (c): Source => ({
          chunkId: `change-${to.n}-${i}`,
          pages: c.to.pages,
          citedPages: c.to.pages.slice(0, 1),
          pdfPages: [],
          section: s.path.join(' › ') || null,
          text: c.to.pages.length ? `[p.${c.to.pages[0]}] ${c.to.text}` : c.to.text,
          score: 1,
        }),
      ),
    )
    .filter((src) => src.pages.length > 0 && src.pages.every((p) => PAGE_LABEL_RE.test(p)))
  return { answer: lines.join('\n'), sources }
}

/** What to say when the filing has no earlier version to compare with. */
export function noAmendmentAnswer(company: string, form: string, filed: string): string {
  return `AskS1 holds one version of ${company}'s filing (the ${form} filed ${filed}): no amendment has been ingested, so there is nothing to compare it with.`
}
