import type { AskReply, Source } from '@asks1/shared/contract/api'
import { stripPageTags } from '@asks1/shared/contract/citations'
import { useQuery } from '@tanstack/react-query'
import { Fragment, type ReactNode } from 'react'
import { StoppedError } from '../api/ask-stream'
import { type AskTurnInput, askQueryOptions } from '../api/queries'
import { type Block, type Inline, parseAnswer, quotesForPage } from '../lib/answer-parts'
import { citationMatch, citationStatus, citationsFor } from '../lib/citation-status'
import { AnswerChecks, Closest } from './AnswerChecks'
import { CitationChip } from './CitationChip'
import { FailureNotice } from './FailureNotice'
import type { PageTarget } from './SourcePanel'

export const EXTRACTIVE_LABEL = 'Excerpts from the filing (no AI model configured)'
export const STOPPED_LABEL = 'Stopped — this question was not counted'

/** One question and its (streaming, then checked) answer with its sources. */
export function Turn({ turn, onOpenPage }: { turn: AskTurnInput; onOpenPage: (target: PageTarget) => void }) {
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
      <p className="turn__question">{turn.question}</p>
      <div className="answer" aria-busy={streaming} data-state={query.status}>
        {query.isError && query.error instanceof StoppedError ? (
          <Stopped text={query.data?.text ?? ''} onOpen={open} onRetry={() => query.refetch()} />
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
  onOpen,
  onRetry,
}: {
  text: string
  onOpen: (page: string) => void
  onRetry: () => void
}) {
  return (
    <>
      {text && <AnswerText text={text} reply={null} onOpen={onOpen} partial />}
      <div role="status" className="notice notice--info" data-failure="stopped">
        <p className="notice__title">{STOPPED_LABEL}</p>
        <p>
          {text
            ? 'You stopped the answer before it was complete, so what is above is only part of it.'
            : 'You stopped the answer before any of it arrived.'}
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
    if (block.kind === 'h') return <h4 key={i}>{renderInline(block.inlines)}</h4>
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
        {reply.sources.map((source) => (
          <SourceItem key={source.chunkId} source={source} cited={cited} reply={reply} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  )
}

const countPages = (sources: Source[]) => new Set(sources.flatMap((s) => s.citedPages)).size

function SourceItem({
  source,
  cited,
  reply,
  onOpen,
}: {
  source: Source
  cited: boolean
  reply: AskReply
  onOpen: (page: string) => void
}) {
  const pages = cited ? source.citedPages : source.pages
  const text = stripPageTags(source.text)
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
        {source.section && <span className="source-card__section">{displaySection(source.section)}</span>}
      </div>
      <details>
        <summary>
          <span className="source-card__snippet">{snippet(text)}</span>
          <span className="source-card__more" aria-hidden="true" />
        </summary>
        <p className="source-card__text">{text}</p>
      </details>
    </li>
  )
}

const snippet = (text: string, max = 180) =>
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
