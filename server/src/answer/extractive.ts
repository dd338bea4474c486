/**
 * Extractive mode (no API key): the sentences and table rows of the retrieved chunks that answer the
 * question, each quoted with its printed page; or, when none holds enough evidence, a plain "the
 * filing does not appear to say" with what was searched and the closest passages. Pure and fast
 * (a few hundred units per question), so `/ask` stays well under its latency target.
 */

import type { Abstention } from '@asks1/shared/contract/api'
import { isYear } from '@asks1/shared/contract/calendar'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { pageTag } from '@asks1/shared/contract/citations'
import type { TextUnit } from '@asks1/shared/contract/sentences'
import type { Table } from '@asks1/shared/contract/tables'
import type { SearchHit } from '@asks1/shared/store'
import { clip } from './clip'
import { PRONOUN } from './compound'
import { evidenceModel } from './evidence-model'
import type { FilingVocabulary } from './filing-df'
import { rowOfAnaphor } from './list-rank'
import { type ListAnswer, listAnswer, listLines } from './name-lists'
import { PAGE_UNIT_WEIGHT } from './page-units'
import { analyzeQuestion, type QuestionAnalysis } from './question'
import { quoteSpan } from './quote-pages'
import { type RankedUnit, rankUnits } from './rank'
import { afterRows } from './row-followers'
import { SELECT_DEFAULTS, type Selection, type SelectParams, selectQuotes, subjectTerms } from './select'
import { stemsOf } from './stems'
import { rowAnswers } from './table-rows'

export interface ExtractiveResult {
  text: string
  /** Set when the server abstained (the question is then not counted). */
  abstention: Abstention | null
}

export const EXTRACTIVE_INTRO =
  'From the filing (quoted as printed; no AI model is configured on this server, so these are the passages that answer, not a written answer):'

/**
 * The intro of the same quotes on a server whose model is configured but may not be asked: the
 * day's budget is spent and BUDGET_FALLBACK=extractive answers with excerpts.
 */
export const BUDGET_SPENT_INTRO =
  "From the filing (quoted as printed; today's budget for AI-written answers is spent, so these are the passages that answer, not a written answer):"

/** An answer of quotes introduced as `intro` says (an abstention has no intro and is kept as is). */
export function withIntro(r: ExtractiveResult, intro: string): ExtractiveResult {
  return r.text.startsWith(EXTRACTIVE_INTRO)
    ? { ...r, text: intro + r.text.slice(EXTRACTIVE_INTRO.length) }
    : r
}

export const NOT_CONFIGURED_NOTE =
  '(No AI model is configured on this server: it quotes the filing rather than answering.)'

/**
 * The last line of an abstention in llm mode: the same evidence check ran before the model was asked,
 * so the model was not asked (no tokens spent) and the question is given back.
 */
export const MODEL_NOT_ASKED_NOTE =
  '(Checked before asking the AI model: no passage found in the filing supports an answer, so the model was not asked and this question was not counted.)'

const cite = (pages: readonly string[]) =>
  pages.length === 1 ? pageTag(pages[0] as string) : `[${pages.map((p) => `p.${p}`).join(', ')}]`

/**
 * The answer to a question asking what the filer is or does: the sentences of the describing
 * section's opening that describe it (form-answers.ts `describingUnits`), each with its pages.
 */
export function descriptionAnswer(units: readonly TextUnit[]): ExtractiveResult {
  const lines = units.map((u) => `- “${clip(u.text, [])}” ${cite(u.pages)}`)
  return { text: [EXTRACTIVE_INTRO, '', ...lines].join('\n'), abstention: null }
}

/** One quote and its citation: the pages the quoted words are printed on, not all its unit runs over. */
function quoteLine(u: RankedUnit): string {
  const { from, to, pages } = quoteSpan(u, u.window, u.matched)
  return `- “${from > 0 ? '…' : ''}${u.text.slice(from, to).trim()}${to < u.text.length ? '…' : ''}” ${cite(pages)}`
}

const WHY: Record<
  Exclude<Selection, { abstained: false }>['reason'],
  (q: QuestionAnalysis, question: string) => string
> = {
  'no-passage': () => 'no passage of the filing uses the words of the question',
  'no-name': (q, question) => {
    const names = asTyped(question, q.names).map(titleCase)
    return `no passage that matches the question mentions ${names.length > 1 ? 'all of ' : ''}${quoted(names)}`
  },
  'no-subject': (q, question) => {
    const context = [...asTyped(question, q.names).map(titleCase), ...q.periods.filter(isYear)]
    return `${context.length ? `the passages that mention ${quoted(context)}` : 'the matching passages'} say nothing of ${quoted(asTyped(question, subjectTerms(q)))}`
  },
  blank: () =>
    'a passage that matches the question as well as any prints a blank where the answer belongs (a preliminary prospectus leaves the offering price and what follows from it for the final one)',
  undisclosed: () => 'the passage that matches best says the filing does not disclose it',
  'not-traded': () =>
    'the filing says its shares have no public market before this offering, so a price set by trading in them is of a day after it was written',
  'weak-match': () => 'no passage matches the question closely enough to quote as an answer',
  'no-figure': (q) =>
    q.answerType === 'count'
      ? 'the passages that match the question give no count of what is asked (a sum of money or a measure such as “40 hours” is not one)'
      : 'the passages that match the question give no figure of the kind asked for',
  'no-line-item': (q) =>
    `the passages that match the question give no figure of ${quoted([...q.lineItems.values()])}`,
  'no-name-answer': () => 'the passages that match the question name no person or firm',
  'no-place': () => 'the passages that match the question name no place (an address, a city and state)',
  'no-symbol': () => 'the passages that match the question print no trading symbol',
  'no-duration': () =>
    'the passages that match the question give no length of time (a number of days, months or years)',
  'no-period': (q) => {
    const items = [...q.lineItems.values()]
    return `the passages that match the question give no figure ${items.length ? `of ${quoted(items)} ` : ''}for ${q.periods.filter(isYear).join(' or ')}`
  },
}

const titleCase = (w: string) => w.charAt(0).toUpperCase() + w.slice(1)
const quoted = (xs: readonly string[]) => xs.map((x) => `“${x}”`).join(', ')

/** The question's own words for its index terms (stems such as "revenu" read badly). */
function asTyped(question: string, terms: readonly string[]): string[] {
  const wanted = new Set(terms)
  const out = new Set<string>()
  for (const m of question.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)) {
    const word = m[0].replace(/['’]s$/, '').replace(/[.]+$/, '')
    if (stemsOf(word).some((t) => wanted.has(t))) out.add(word.toLowerCase())
  }
  return [...out]
}

/** The abstention: what was searched (terms, periods, sections) and the closest passages. */
function abstain(
  question: string,
  q: QuestionAnalysis,
  sel: Exclude<Selection, { abstained: false }>,
  hits: readonly SearchHit[],
  note: string,
): ExtractiveResult {
  const terms = asTyped(question, [...q.names, ...q.terms, ...q.phrases.flatMap((p) => p.split(' '))])
  // The sections of the passages retrieval found; none when no passage shares a word with the
  // question ('no-passage'): those it returned came by expansions alone, and naming their sections
  // would say the answer was looked for there.
  const found = sel.reason === 'no-passage' ? [] : hits
  const sections = [...new Set(found.map((h) => h.chunk.section).filter((s): s is string => !!s))].slice(0, 5)
  const closest = sel.closest.map((u: RankedUnit) => ({
    pages: u.pages,
    section: u.section,
    // A long passage is shown around the words it matched, as a quote would be, not from its start.
    text: clip(u.text, u.matched),
  }))
  const lines = [
    `The filing does not appear to say: ${WHY[sel.reason](q, question)}.`,
    terms.length
      ? `Searched for ${quoted(terms)}${q.periods.length ? ` (period: ${q.periods.join(', ')})` : ''}.`
      : '',
    sections.length ? `Sections searched: ${sections.join('; ')}.` : '',
    closest.length ? 'The closest passages are listed below, so you can look further.' : '',
    note,
  ]
  return {
    text: lines.filter(Boolean).join('\n\n'),
    abstention: { reason: sel.reason, searched: { terms, periods: q.periods, sections }, closest },
  }
}

/** What one question (or one part of a compound one) gets: its quote lines, or why it has none. */
type PartResult =
  | { lines: string[]; used: number; abstention: null; list?: ListAnswer | null }
  | { lines: []; used: 0; abstention: ExtractiveResult; sel: Exclude<Selection, { abstained: false }> }

/** Options of an extractive answer; `note` ends an abstention (default: NOT_CONFIGURED_NOTE). */
export interface ExtractiveOptions {
  params?: SelectParams
  tables?: readonly Table[]
  /** The retrieved pages (text and tables), in retrieval order: where a list of names is read. */
  pages?: readonly PageRecord[]
  /**
   * The list read from `pages` when the caller has read it already (listAnswer, with the pages its
   * table runs on to); else it is read here.
   */
  list?: ListAnswer | null
  note?: string
  /**
   * Rank the other units of the `pages` the retrieved chunks run over too (page-units.ts; default
   * true).
   */
  wholePages?: boolean
  /** The filing's document frequencies, for the ranker's IDF (rank.ts). */
  vocabulary?: FilingVocabulary | null
}

function answerPart(q: QuestionAnalysis, hits: readonly SearchHit[], opts: ExtractiveOptions): PartResult {
  const params = opts.params ?? SELECT_DEFAULTS
  // One model of the retrieved sentences (segmented and stemmed once) serves ranking and table rows.
  const wholePages =
    opts.wholePages !== false && opts.pages?.length ? { pages: opts.pages, weight: PAGE_UNIT_WEIGHT } : null
  const model = evidenceModel(q, hits, { filing: opts.vocabulary, wholePages })
  const ranked = rankUnits(q, model)
  // The rest of the pages may answer only a question the retrieved passages answer: read alone,
  // their many more sentences let a negative through (pandora-s1-28, "Whole pages round").
  const own = selectQuotes(
    q,
    ranked.filter((u) => !u.outside),
    params,
  )
  const sel = own.abstained || !wholePages ? own : selectQuotes(q, ranked, params)
  // A figure question is answered from a table's row and period column first, when one fits; not a
  // question of how fast something changed: a period's column states a level, not a change.
  const rows =
    opts.tables?.length && !q.asksChange ? rowAnswers(q, opts.tables, model).slice(0, params.max) : []
  // A who/which question asking for a list the form prints as a table (the underwriters, the
  // principal stockholders) is answered by that table's rows alone (name-lists.ts): the sentences
  // matching its words ("investment banking" in a director's biography) only dilute it.
  const list =
    opts.list !== undefined ? opts.list : opts.pages?.length ? listAnswer(q, opts.pages, hits) : null
  const listed = list ? listLines(list) : []
  if (sel.abstained && rows.length === 0 && !list)
    return {
      lines: [],
      used: 0,
      abstention: abstain(q.text, q, sel, hits, opts.note ?? NOT_CONFIGURED_NOTE),
      sel,
    }
  const quotes = sel.abstained || list ? [] : afterRows(rows, sel.quotes).slice(0, params.max - rows.length)
  return {
    lines: [...listed, ...rows.map((r) => `- ${r.text} ${pageTag(r.page)}`), ...quotes.map(quoteLine)],
    // A list takes one quote slot, however many rows it has.
    used: (list ? 1 : 0) + rows.length + quotes.length,
    abstention: null,
    list,
  }
}

/** The extractive answer: the quotes that answer, each followed by its page citation, or an abstention. */
export function extractiveAnswer(
  question: string | QuestionAnalysis,
  hits: readonly SearchHit[],
  opts: ExtractiveOptions & { company?: string } = {},
): ExtractiveResult {
  const q = typeof question === 'string' ? analyzeQuestion(question, opts.company) : question
  const part = answerPart(q, hits, opts)
  if (part.abstention) return part.abstention
  return { text: [EXTRACTIVE_INTRO, '', ...part.lines].join('\n'), abstention: null }
}

/** One part of a compound question: its analysis, its own retrieved passages and their tables. */
export interface AnswerPart {
  q: QuestionAnalysis
  hits: readonly SearchHit[]
  tables?: readonly Table[]
  pages?: readonly PageRecord[]
  /** The list read from `pages`, when the caller has read it (ExtractiveOptions.list). */
  list?: ListAnswer | null
}

/** Quotes per part of a compound question: one or two each, three in all (the issue's limit). */
const PER_PART = 2

/**
 * A question that asks two things: each part answered from its own passages under its own heading,
 * or, for a part nothing answers, a line saying which part the filing does not appear to answer and
 * why. Only when no part is answered does the whole answer abstain (and the question not count).
 */
export function compoundAnswer(
  parts: readonly AnswerPart[],
  opts: Pick<ExtractiveOptions, 'params' | 'note' | 'vocabulary'> = {},
): ExtractiveResult {
  const params = opts.params ?? SELECT_DEFAULTS
  let left = params.max
  const results = parts.map((p, i) => {
    // Keep one quote for each part still to come, so every part can be answered.
    const max = Math.max(1, Math.min(PER_PART, left - (parts.length - 1 - i)))
    const r = answerPart(p.q, p.hits, {
      ...opts,
      params: { ...params, max },
      tables: p.tables,
      pages: p.pages,
      list: p.list,
    })
    left -= r.used
    return r
  })
  // A first part asking who or which firm, unanswered: a later part's pronoun stands for that
  // unknown ("Who is the largest shareholder, and what percentage does it own?"), so what the later
  // part's passages say is about someone else.
  const first = results[0]
  if (first?.abstention && (parts[0] as AnswerPart).q.answerType === 'name')
    for (let i = 1; i < results.length; i++)
      if (PRONOUN.test((parts[i] as AnswerPart).q.text)) results[i] = first
  // A first part answered by a list's extreme row: a later part asking its size through a pronoun
  // ("…, and how large is its stake?") is answered by that row's figures (list-rank.ts).
  const firstList = first && !first.abstention ? first.list : null
  for (let i = 1; i < results.length; i++) {
    const lines = rowOfAnaphor(firstList, (parts[i] as AnswerPart).q)
    if (lines) results[i] = { lines, used: 0, abstention: null }
  }
  const answered = results.filter((r) => !r.abstention)
  if (answered.length === 0) {
    const first = results[0]?.abstention as ExtractiveResult
    const why = results.map(
      (r, i) => `“${asked(parts[i] as AnswerPart)}”: ${whyNot(r, parts[i] as AnswerPart)}.`,
    )
    return {
      text: [
        `The filing does not appear to say:`,
        ...why.map((w) => `- ${w}`),
        opts.note ?? NOT_CONFIGURED_NOTE,
      ].join('\n'),
      abstention: first.abstention,
    }
  }
  const lines = [EXTRACTIVE_INTRO]
  results.forEach((r, i) => {
    const part = parts[i] as AnswerPart
    lines.push('', `On “${asked(part)}”:`)
    if (r.abstention) lines.push(`The filing does not appear to say: ${whyNot(r, part)}.`)
    else lines.push(...r.lines)
  })
  return { text: lines.join('\n'), abstention: null }
}

/** A part as the reader typed it, capitalised as a question of its own. */
const asked = (p: AnswerPart) => titleCase(p.q.text.trim())

function whyNot(r: PartResult, p: AnswerPart): string {
  return r.abstention ? WHY[r.sel.reason](p.q, p.q.text) : ''
}
