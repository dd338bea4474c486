import type { AskReply } from '@asks1/shared/contract/api'
import { Fragment, type ReactNode } from 'react'
import { type Block, type Inline, parseAnswer } from '../lib/answer-parts'
import { citationMatch, citationStatus, citationsFor } from '../lib/citation-status'
import { CitationChip } from './CitationChip'

/** An answer's Markdown-like text, every page citation a chip showing its check. */
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
      <li key={j}>
        {renderInline(item.inlines)}
        {item.sub.length > 0 && (
          <ul className="answer__rows">
            {item.sub.map((row, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
              <li key={k}>{renderInline(row)}</li>
            ))}
          </ul>
        )}
      </li>
    ))
    return block.kind === 'ul' ? <ul key={i}>{items}</ul> : <ol key={i}>{items}</ol>
  }
  return (
    <div className={partial ? 'answer__text answer__text--partial' : 'answer__text'}>
      {parseAnswer(text).map(renderBlock)}
    </div>
  )
}
