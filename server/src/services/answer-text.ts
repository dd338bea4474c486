/**
 * The answer's text deltas for one question: from the change report for "what changed in the
 * amendment?" (passages of one version cannot say what another said); else retrieval, then Claude's
 * stream (once the evidence check finds a passage to answer from), or the extractive answer in one
 * piece (answered from the retrieved pages' tables first for a figure question). The question is
 * analysed once here, and retrieval, the answer and the citations' relevance all read that one analysis.
 */
import type { Source } from '@asks1/shared/contract/api'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { findCitations } from '@asks1/shared/contract/citations'
import type { Table } from '@asks1/shared/contract/tables'
import type { LoadedFiling } from '@asks1/shared/filings-loader'
import { retrieve } from '@asks1/shared/retrieval'
import { analyzeQuery, type QueryAnalysis } from '@asks1/shared/retrieval/query'
import { changesAnswer, isChangeQuestion, noAmendmentAnswer } from '../answer/changes'
import { fuseHits, questionParts } from '../answer/compound'
import {
  BUDGET_SPENT_INTRO,
  compoundAnswer,
  descriptionAnswer,
  type ExtractiveResult,
  extractiveAnswer,
  MODEL_NOT_ASKED_NOTE,
  NOT_CONFIGURED_NOTE,
  withIntro,
} from '../answer/extractive'
import type { FormList } from '../answer/form-lists'
import { streamAnswer } from '../answer/llm'
import {
  askedLists,
  type ListAnswer,
  listAnswer,
  MAX_CONTINUED_PAGES,
  openingHeading,
  sectionTitle,
} from '../answer/name-lists'
import { namesAsPrinted } from '../answer/printed-names'
import { buildSystemPrompt, buildUserPrompt, capHistory } from '../answer/prompt'
import { analyzeQuestion, type QuestionAnalysis } from '../answer/question'
import { SELECT_DEFAULTS, type SelectParams } from '../answer/select'
import type { AppDeps } from '../deps'
import { readLive, storeKey } from '../lookup'
import { admitModel } from './admission'
import { describingOpening } from './description'
import { vocabularyOf } from './filing-vocabulary'
import { withFormPassage } from './form-passage'
import type { Hits, Question } from './question'

export type AnswerTextDeps = Pick<
  AppDeps,
  | 'config'
  | 'registry'
  | 'store'
  | 'startup'
  | 'embedder'
  | 'retrievalFeatures'
  | 'anthropic'
  | 'changes'
  | 'budget'
  | 'gate'
>

async function* once(text: string): AsyncGenerator<string> {
  yield text
}

/** Retrieval from the filing's live version, with the configured retrieval parts. */
function searchLive(deps: AnswerTextDeps, q: Question, query: QueryAnalysis): Promise<Hits> {
  return readLive(deps, q.filing, q.status, () =>
    retrieve(deps.store, deps.embedder, storeKey(q.filing), query, deps.config.RETRIEVAL_K, {
      features: deps.retrievalFeatures,
    }),
  )
}

/** The retrieved chunks' pages (in retrieval order) and the tables printed on them. */
async function pagesOf(
  deps: AnswerTextDeps,
  key: string,
  hits: Hits,
): Promise<{ pages: PageRecord[]; tables: Table[] }> {
  const labels = [...new Set(hits.flatMap((h) => h.chunk.pages))]
  const pages = (await Promise.all(labels.map((l) => deps.store.getPage(key, l)))).filter(
    (p): p is PageRecord => !!p,
  )
  return { pages, tables: pages.flatMap((p) => p.tables ?? []) }
}

/**
 * The retrieved pages, and, when the question asks for a list the form prints in a standard
 * section (the underwriters, Item 508; the principal stockholders, Item 403) and none of them
 * prints it, after them the pages the section's own title retrieves (`found`): the list is where
 * the form puts it, whatever the reader called it ("which banks are managing the IPO"). The list
 * itself is read here, with the pages after its last row when its table runs on there.
 */
async function withListSection(
  deps: AnswerTextDeps,
  q: Question,
  analysis: QuestionAnalysis,
  hits: Hits,
  pages: PageRecord[],
): Promise<{ pages: PageRecord[]; found: Hits; list: ListAnswer | null }> {
  const lists = askedLists(analysis)
  if (lists.length === 0) return { pages, found: [], list: null }
  const key = storeKey(q.filing)
  const out = { pages: [...pages], found: [] as Hits }
  let list = listAnswer(analysis, pages, hits)
  if (!list) {
    const seen = new Set(pages.map((p) => p.label))
    for (const title of lists.map((l) => sectionTitle(l.section))) {
      const found = await searchLive(deps, q, analyzeQuery(title))
      const more = (await pagesOf(deps, key, found)).pages.filter((p) => !seen.has(p.label))
      for (const p of more) seen.add(p.label)
      out.pages.push(...more)
      out.found.push(...found)
    }
    // The section's passages say which section a page continuing its table is in.
    list = listAnswer(analysis, out.pages, [...hits, ...out.found])
  }
  const all = [...hits, ...out.found]
  // The pages after those read, as far as the list runs: label → the page printed after it.
  const following = new Map<string, PageRecord>()
  // The filing's page order, read once and only when a list needs the page after one.
  let pageOrder: Promise<string[]> | undefined
  const order = () => {
    pageOrder ??= deps.store.listPages(key)
    return pageOrder
  }
  if (!list)
    list = await opened(deps, key, analysis, { pages: out.pages, hits: all, lists, following, order })
  if (list)
    list = await continued(deps, key, analysis, { pages: out.pages, hits: all, list, following, order })
  return { ...out, list }
}

/** Where a list is read: the pages and passages, the pages after them read so far, the filing's page order. */
interface ListPages {
  pages: PageRecord[]
  hits: Hits
  following: Map<string, PageRecord>
  order: () => Promise<string[]>
}

/** The page after each page that opens a list's section with no list on it, for the list's table there. */
async function opened(
  deps: AnswerTextDeps,
  key: string,
  analysis: QuestionAnalysis,
  at: ListPages & { lists: readonly FormList[] },
): Promise<ListAnswer | null> {
  const { pages, hits, lists, following } = at
  const opening = pages.filter((p) => lists.some((l) => openingHeading(l, p))).slice(0, MAX_CONTINUED_PAGES)
  if (opening.length === 0) return null
  const order = await at.order()
  for (const p of opening) {
    const next = order[order.indexOf(p.label) + 1]
    const page = next ? await deps.store.getPage(key, next) : null
    if (page) following.set(p.label, page)
  }
  return listAnswer(analysis, pages, hits, following)
}

/** The list read again with the pages printed after its last row, while its table runs on. */
async function continued(
  deps: AnswerTextDeps,
  key: string,
  analysis: QuestionAnalysis,
  at: ListPages & { list: ListAnswer },
): Promise<ListAnswer> {
  const { pages, hits, following } = at
  const order = await at.order()
  let current = at.list
  for (let n = 0; n < MAX_CONTINUED_PAGES; n++) {
    const next = order[order.indexOf(current.lastPage) + 1]
    if (!next || following.has(current.lastPage)) break
    const page = await deps.store.getPage(key, next)
    if (!page) break
    following.set(current.lastPage, page)
    const longer = listAnswer(analysis, pages, hits, following)
    if (!longer || longer.lastPage === current.lastPage) break
    current = longer
  }
  return current
}

/**
 * The section's passages an answer cites, added to the question's: its sources list them, and in
 * llm mode the model reads the list it was not retrieved with.
 */
function addCited(q: Question, r: ExtractiveResult, found: Hits): void {
  const cited = new Set(findCitations(r.text).map((c) => c.page))
  const have = new Set(q.hits.map((h) => h.chunk.id))
  const add = found.filter((h) => !have.has(h.chunk.id) && h.chunk.pages.some((p) => cited.has(p)))
  if (add.length > 0) q.hits = [...q.hits, ...add]
}

/**
 * A question asking what the filer is or does (form-answers.ts), answered from the opening of the
 * first section that describes the business (description.ts); null when none describes the filer.
 */
async function described(deps: AnswerTextDeps, q: Question, analysis: QuestionAnalysis) {
  const found: Hits = []
  const units = await describingOpening(
    deps.store,
    storeKey(q.filing),
    q.hits,
    analysis.own ?? [],
    async (title) => {
      const hits = await searchLive(deps, q, analyzeQuery(title))
      found.push(...hits)
      return hits
    },
  )
  if (units.length === 0) return null
  const r = descriptionAnswer(units)
  addCited(q, r, [...found, ...q.hits])
  return r
}

/** The answer to a question about changes: the report of the latest version against the one before. */
async function changeReport(
  deps: AnswerTextDeps,
  filing: LoadedFiling,
  question: string,
): Promise<{ answer: string; sources: Source[] }> {
  const stored = (await deps.changes.versions(filing)).filter((v) => v.stored)
  const latest = stored.at(-1)
  const before = stored.at(-2)
  if (!latest || !before)
    return { answer: noAmendmentAnswer(filing.company, filing.form, filing.filed), sources: [] }
  const report = await deps.changes.report(filing, { from: before.n, to: latest.n })
  return changesAnswer(report, filing.company, question)
}

/** The selection's parameters, less the parts `RETRIEVAL_OFF` turns off (features.ts `weakfollow`). */
const selectParams = (deps: AnswerTextDeps): SelectParams =>
  deps.retrievalFeatures.weakfollow ? SELECT_DEFAULTS : { ...SELECT_DEFAULTS, weakBest: 0 }

/**
 * The evidence-based selection both modes abstain by: the extractive answer (quotes, or the
 * abstention with what was searched and the closest passages), from the question's parts when it
 * asks two things, and from the retrieved pages' tables.
 */
async function quotesOf(deps: AnswerTextDeps, q: Question, note: string): Promise<ExtractiveResult> {
  const key = storeKey(q.filing)
  const found: Hits = []
  const vocabulary = await readLive(deps, q.filing, q.status, () =>
    vocabularyOf(deps.store, key, q.status.version),
  )
  if (q.parts) {
    const parts = await Promise.all(
      q.parts.map(async (p) => {
        const { pages, tables } = await pagesOf(deps, key, p.hits)
        const list = await withListSection(deps, q, p.analysis, p.hits, pages)
        found.push(...list.found)
        return { q: p.analysis, hits: p.hits, tables, pages: list.pages, list: list.list }
      }),
    )
    const r = compoundAnswer(parts, { note, vocabulary, params: selectParams(deps) })
    addCited(q, r, found)
    return r
  }
  const analysis = q.analysis ?? analyzeQuestion(q.body.question, q.filing.company)
  if (analysis.formAnswer === 'description') {
    const r = await described(deps, q, analysis)
    if (r) return r
  }
  const { pages, tables } = await pagesOf(deps, key, q.hits)
  const list = await withListSection(deps, q, analysis, q.hits, pages)
  const r = extractiveAnswer(analysis, q.hits, {
    company: q.filing.company,
    tables,
    pages: list.pages,
    list: list.list,
    note,
    vocabulary,
    params: selectParams(deps),
  })
  addCited(q, r, list.found)
  return r
}

/**
 * Claude's stream, or the extractive answer in one piece (kept on the question: its abstention gives
 * the question back). In llm mode the same selection runs first, and when it abstains Claude is not
 * asked: no budget, no model slot, no tokens, and the question is given back, as in extractive mode.
 * Claude's own "The filing does not say" is never read as an abstention, or any reply opening so
 * would be a free call. A follow-up with a history is not held back by the check (it cannot read
 * the history). Past the budget with BUDGET_FALLBACK=extractive, the excerpts are the answer.
 */
async function fromHits(deps: AnswerTextDeps, q: Question): Promise<AsyncIterator<string>> {
  const { anthropic, config } = deps
  const { attempt, filing, status, body } = q
  if (!anthropic) {
    q.extractive = await quotesOf(deps, q, NOT_CONFIGURED_NOTE)
    return once(q.extractive.text)[Symbol.asyncIterator]()
  }
  const checked = await quotesOf(deps, q, MODEL_NOT_ASKED_NOTE)
  // A follow-up ("And in 2010?") leans on the turns before it, which the check reads nothing of:
  // with a history Claude is asked and the question counts, as it did before the check. That costs
  // no spend control: only a question Claude is not asked goes uncounted.
  const followUp = (body.history?.length ?? 0) > 0
  if (checked.abstention && !followUp) {
    q.extractive = checked
    return once(checked.text)[Symbol.asyncIterator]()
  }
  if (!(await admitModel(deps, q.request, attempt))) {
    // Past the budget with BUDGET_FALLBACK=extractive: the quotes, saying why no model wrote them.
    q.extractive = withIntro(checked, BUDGET_SPENT_INTRO)
    return once(q.extractive.text)[Symbol.asyncIterator]()
  }
  const source = streamAnswer(anthropic, {
    model: config.ANTHROPIC_MODEL,
    maxTokens: config.ANTHROPIC_MAX_TOKENS,
    system: buildSystemPrompt(filing, status),
    history: capHistory(body.history, config.HISTORY_MAX_TURNS, config.HISTORY_MAX_CHARS),
    // Read after the check: it may add the passage of a list the question asks for (addCited).
    user: buildUserPrompt(body.question, q.hits),
    signal: q.life.signal,
    onUsage: (u) => {
      attempt.usage = u
    },
  })
  return source[Symbol.asyncIterator]()
}

/** The answer's text deltas; fills in the question's analysis, hits, change report and extractive answer. */
export async function answerText(deps: AnswerTextDeps, q: Question): Promise<AsyncIterator<string>> {
  if (isChangeQuestion(q.body.question)) {
    q.changes = await changeReport(deps, q.filing, q.body.question)
    return once(q.changes.answer)[Symbol.asyncIterator]()
  }
  const query = analyzeQuery(q.body.question)
  q.analysis = analyzeQuestion(query, q.filing.company)
  const search = (part: QueryAnalysis) => searchLive(deps, q, part)
  const parts = questionParts(query)
  if (parts.length < 2) {
    q.hits = await withFormPassage(q.analysis, await search(query), search)
    q.analysis = namesAsPrinted(q.analysis, q.hits)
  } else {
    // Each part retrieves for what it asks (the words of one part pulled passages that answer
    // neither: "grow" brought the bonus paragraphs to a revenue question), and answers from its own
    // passages fused with the whole question's, which hold what the parts share.
    const whole = await search(query)
    const partHits: Hits[] = []
    for (const p of parts) partHits.push(await search(p))
    q.parts = parts.map((p, i) => {
      const hits = fuseHits([whole, partHits[i] as Hits])
      return { analysis: namesAsPrinted(analyzeQuestion(p, q.filing.company), hits), hits }
    })
    // What a model reads (and the sources list): K passages per part, so a compound question costs
    // a bounded prompt, best fused first.
    q.hits = fuseHits([...partHits, whole]).slice(0, deps.config.RETRIEVAL_K * parts.length)
  }
  return fromHits(deps, q)
}
