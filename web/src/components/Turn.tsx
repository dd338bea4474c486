import type { AskReply, FilingInfo } from '@asks1/shared/contract/api'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { StoppedError } from '../api/ask-stream'
import { type AskTurnInput, askQueryOptions } from '../api/queries'
import { answerMarkdown, copyText } from '../lib/answer-markdown'
import { quotesForPage } from '../lib/answer-parts'
import { citationsFor } from '../lib/citation-status'
import { AnswerChecks, Closest } from './AnswerChecks'
import { AnswerText } from './AnswerText'
import { FailureNotice } from './FailureNotice'
import type { PageTarget } from './SourcePanel'
import { Sources } from './Sources'

export const EXTRACTIVE_LABEL = 'Excerpts from the filing (not written by an AI model)'
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
