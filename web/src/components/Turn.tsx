import type { AskReply, FilingInfo, Source } from '@asks1/shared/contract/api'
import { stripPageTags } from '@asks1/shared/contract/citations'
import { useQuery } from '@tanstack/react-query'
import { Fragment, type ReactNode, useState } from 'react'
import { StoppedError } from '../api/ask-stream'
import { type AskTurnInput, askQueryOptions } from '../api/queries'
import { answerMarkdown, copyText } from '../lib/answer-markdown'
import { type Block, type Inline, parseAnswer, quotesForPage } from '../lib/answer-parts'
import { citationMatch, citationStatus, citationsFor } from '../lib/citation-status'
import { bestSentence, matchedSentence } from '../lib/matched-sentence'
import { AnswerChecks, Closest } from './AnswerChecks'
import { CitationChip } from './CitationChip'
import { FailureNotice } from './FailureNotice'
import type { PageTarget } from './SourcePanel'

export const EXTRACTIVE_LABEL = 'Excerpts from the filing (no AI model configured)'
export const STOPPED_LABEL = 'Stopped — this question was not counted'
export const STOPPED_COUNTED_LABEL = 'Stopped — this question was counted'

/** One question and its (streaming, then checked) answer with its sources. */
export function Turn({
  turn,
  filing,
  onOpenPage,
}: {
  turn: AskTurnInput
  filing: FilingInfo
  onOpenPage: (target: PageTarget) => void
}) {
  const query = useQuery(askQueryOptions(turn))
  const reply = query.data?.reply ?? null
  const streaming = query.fetchStatus === 'fetching'
  const open = (page: string) =>
    onOpenPage({
      page,
      citations: reply ? citationsFor(reply.citations, page) : [],
      checked: reply !== null,
      quotes: quotesForPage(reply?.answer ?? query.data?.text ?? '', page),
    })

  return (
    <article className="turn" aria-label={`Question: ${turn.question}`}>
      <h2 className="turn__question">{turn.question}</h2>
      <div className="answer" aria-busy={streaming} data-state={query.status}>
        {query.isError && query.error instanceof StoppedError ? (
          <Stopped
            text={query.data?.text ?? ''}
            counted={query.error.counted}
            onOpen={open}
            onRetry={() => query.refetch()}
          />
        ) : query.isError ? (
          <FailureNotice error={query.error} onRetry={() => query.refetch()} />
        ) : query.isPending || (streaming && !query.data?.text) ? (
          <p className="answer__thinking">
            <span className="dots" aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            Reading the filing…
          </p>
        ) : (
          <>
            {reply?.mode === 'extractive' && <p className="mode-label">{EXTRACTIVE_LABEL}</p>}
            <AnswerText text={query.data?.text ?? ''} reply={reply} onOpen={open} />
            {streaming && <span className="caret" aria-hidden="true" />}
            {reply && <AnswerChecks reply={reply} />}
            {reply && <Closest reply={reply} onOpen={open} />}
            {reply?.fallbackPages && (
              <p className="note">
                This filing has no printed page numbers, so citations refer to pages of the PDF.
              </p>
            )}
            {reply && <Sources reply={reply} onOpen={open} />}
            {reply && <CopyAnswer question={turn.question} reply={reply} filing={filing} />}
          </>
        )}
      </div>
    </article>
  )
}

/**
 * An answer the visitor stopped: the text that had arrived (never checked, so its citations stay
 * pending), set apart and labelled so it never reads as a complete answer. Retry asks again, only
 * when clicked: a question never re-runs by itself.
 */
function Stopped({
  text,
  counted,
  onOpen,
  onRetry,
}: {
  text: string
  /** Whether the server counted the question, as it reported after the stop (null: unknown). */
  counted: boolean | null
  onOpen: (page: string) => void
  onRetry: () => void
}) {
  return (
    <>
      {text && <AnswerText text={text} reply={null} onOpen={onOpen} partial />}
      <div role="status" className="notice notice--info" data-failure="stopped">
        <p className="notice__title">
          {counted === true ? STOPPED_COUNTED_LABEL : counted === false ? STOPPED_LABEL : 'Stopped'}
        </p>
        <p>
          {text
            ? 'You stopped the answer before it was complete, so what is above is only part of it.'
            : 'You stopped the answer before any of it arrived.'}
          {counted === true && ' The server had already written it, so it counts against your questions.'}
        </p>
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      </div>
    </>
  )
}

export function AnswerText({
  text,
  reply,
  onOpen,
  partial = false,
}: {
  text: string
  reply: AskReply | null
  onOpen: (page: string) => void
  /** Only part of an answer (stopped): set apart from a complete one. */
  partial?: boolean
}) {
  const renderInline = (parts: Inline[]): ReactNode =>
    parts.map((part, i) => {
      const key = `${i}-${part.kind}`
      if (part.kind === 'text') return <Fragment key={key}>{part.text}</Fragment>
      if (part.kind === 'strong') return <strong key={key}>{part.text}</strong>
      // A range (`pp. 12–14`) is one chip per page, so every page in it can be opened and checked.
      return part.pages.map((page, j) => (
        <Fragment key={`${key}-${page}`}>
          {j > 0 && ' '}
          <CitationChip
            page={page}
            status={citationStatus(reply ? citationsFor(reply.citations, page) : null)}
            match={citationMatch(reply ? citationsFor(reply.citations, page) : null)}
            onOpen={onOpen}
          />
        </Fragment>
      ))
    })
  const renderBlock = (block: Block, i: number): ReactNode => {
    if (block.kind === 'p') return <p key={i}>{renderInline(block.inlines)}</p>
    if (block.kind === 'h') return <h3 key={i}>{renderInline(block.inlines)}</h3>
    const items = block.items.map((item, j) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: list items are positional
      <li key={j}>{renderInline(item)}</li>
    ))
    return block.kind === 'ul' ? <ul key={i}>{items}</ul> : <ol key={i}>{items}</ol>
  }
  return (
    <div className={partial ? 'answer__text answer__text--partial' : 'answer__text'}>
      {parseAnswer(text).map(renderBlock)}
    </div>
  )
}

/**
 * The sources the API returned: the retrieved passages the answer cites, each with the exact pages
 * cited. When the answer cites no page, the API returns every retrieved passage: say so.
 */
export function Sources({ reply, onOpen }: { reply: AskReply; onOpen: (page: string) => void }) {
  if (reply.sources.length === 0) return null
  const cited = reply.sources.some((s) => s.citedPages.length > 0)
  const cards = sourceCards(reply.sources, cited, reply)
  const heading = cited ? 'Sources' : 'Passages searched'
  return (
    <section className="sources" aria-label={heading}>
      <h3 className="sources__title">
        {heading}
        <span className="muted">
          {cited
            ? ` · ${countPages(reply.sources)} cited page${countPages(reply.sources) === 1 ? '' : 's'}`
            : ' · the answer cites no page'}
        </span>
      </h3>
      <ul className="sources__list">
        {cards.map(({ source, pages }) => (
          <SourceItem
            key={source.chunkId}
            source={source}
            pages={pages}
            cited={cited}
            reply={reply}
            onOpen={onOpen}
          />
        ))}
      </ul>
    </section>
  )
}

const countPages = (sources: Source[]) => new Set(sources.flatMap((s) => s.citedPages)).size

/**
 * One card per passage, each page on one card only: overlapping passages (chunks share 100 words)
 * often cover the same page. The passage whose part of that page holds the answer's quote or figures
 * keeps it (the better-ranked one on a tie); a passage left with no page of its own is not shown.
 */
export function sourceCards(
  sources: readonly Source[],
  cited: boolean,
  reply: AskReply,
): { source: Source; pages: string[] }[] {
  const owner = new Map<string, { index: number; score: number }>()
  sources.forEach((source, index) => {
    for (const page of cited ? source.citedPages : source.pages) {
      const score = bestSentence(source, reply, [page]).score
      const current = owner.get(page)
      if (!current || score > current.score) owner.set(page, { index, score })
    }
  })
  return sources.flatMap((source, index) => {
    const pages = (cited ? source.citedPages : source.pages).filter((p) => owner.get(p)?.index === index)
    return pages.length > 0 ? [{ source, pages }] : []
  })
}

/**
 * Navigation headings of a filing's front matter (its table of contents, the index to the financial
 * statements): they head a list of pages, not the text after them, so they never label a passage.
 */
const NAVIGATION_HEADINGS =
  /^(?:table of contents|index to (?:the )?(?:consolidated )?financial statements)$/i

export const sectionLabel = (section: string | null): string | null =>
  section && !NAVIGATION_HEADINGS.test(section.trim()) ? displaySection(section) : null

function SourceItem({
  source,
  pages,
  cited,
  reply,
  onOpen,
}: {
  source: Source
  pages: string[]
  cited: boolean
  reply: AskReply
  onOpen: (page: string) => void
}) {
  const text = stripPageTags(source.text)
  const section = sectionLabel(source.section)
  return (
    <li className="source-card" data-chunk={source.chunkId}>
      <div className="source-card__head">
        <span className="source-card__pages">
          {pages.map((page) => (
            <CitationChip
              key={page}
              page={page}
              status={cited ? citationStatus(citationsFor(reply.citations, page)) : 'pending'}
              match={cited ? citationMatch(citationsFor(reply.citations, page)) : 'unknown'}
              onOpen={onOpen}
            />
          ))}
        </span>
        {section && <span className="source-card__section">{section}</span>}
      </div>
      <details>
        <summary>
          <span className="source-card__snippet">
            {snippet(matchedSentence(source, reply, pages) || text)}
          </span>
          <span className="source-card__more" aria-hidden="true" />
        </summary>
        <p className="source-card__text">{text}</p>
      </details>
    </li>
  )
}

/** "Copy answer": the answer as Markdown, with its page citations and the filing's EDGAR link. */
function CopyAnswer({ question, reply, filing }: { question: string; reply: AskReply; filing: FilingInfo }) {
  const [copied, setCopied] = useState<boolean | null>(null)
  return (
    <div className="answer__tools">
      <button
        type="button"
        className="button button--quiet button--small"
        onClick={async () => setCopied(await copyText(answerMarkdown(question, reply, filing)))}
      >
        Copy answer
      </button>
      <span className="answer__copied" role="status">
        {copied === true
          ? 'Copied as Markdown'
          : copied === false
            ? 'Your browser did not allow copying'
            : ''}
      </span>
    </div>
  )
}

const snippet = (text: string, max = 240) =>
  text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')}…`

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
