import type { FilingInfo, SessionInfo } from '@asks1/shared/contract/api'
import { QUESTION_MAX_CHARS } from '@asks1/shared/contract/limits'
import { useIsFetching } from '@tanstack/react-query'
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react'
import { type AskTurnInput, queryKeys, stopAnswers } from '../api/queries'
import { formatReset, sessionText } from '../lib/allowance'
import { IngestNotice } from './IngestNotice'
import type { PageTarget } from './SourcePanel'
import { Turn } from './Turn'

/** The question box's id: the skip link targets it. */
export const QUESTION_ID = 'question'

const possessive = (company: string) => `${company.replace(/,?\s+(Inc|Corp|Ltd|LLC|PLC)\.?$/i, '')}'s`

export function Chat({
  filing,
  turns,
  session,
  onAsk,
  onOpenPage,
  onClear,
}: {
  filing: FilingInfo
  turns: AskTurnInput[]
  session: SessionInfo | null
  onAsk: (question: string) => void
  onOpenPage: (target: PageTarget) => void
  /** Forgets this filing's thread (here and in the browser's storage). */
  onClear: () => void
}) {
  const notReady = filing.status === null
  const busy = useIsFetching({ queryKey: [...queryKeys.askAll, filing.id] }) > 0
  const endRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  // A question card disappears once asked: focus moves to the question box rather than being lost.
  const askFromCard = (q: string) => {
    onAsk(q)
    inputRef.current?.focus()
  }
  const lastTurn = turns.at(-1)?.turnId
  // A new question scrolls into view; the answer then grows below it.
  useEffect(() => {
    if (lastTurn) endRef.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' })
  }, [lastTurn])

  return (
    <div className="chat">
      {notReady && <IngestNotice filing={filing} />}
      {turns.length === 0 ? (
        <Welcome filing={filing} onAsk={askFromCard} disabled={busy || notReady || session?.left === 0} />
      ) : (
        <section className="thread" role="log" aria-label="Questions and answers">
          <div className="thread__tools">
            <button
              type="button"
              className="button button--quiet button--small"
              onClick={onClear}
              disabled={busy}
            >
              Clear conversation
            </button>
          </div>
          {turns.map((turn) => (
            <Turn key={turn.turnId} turn={turn} filing={filing} onOpenPage={onOpenPage} />
          ))}
        </section>
      )}
      <div ref={endRef} />
      <Composer
        filing={filing}
        busy={busy}
        notReady={notReady}
        session={session}
        onAsk={onAsk}
        inputRef={inputRef}
      />
    </div>
  )
}

function Welcome({
  filing,
  onAsk,
  disabled,
}: {
  filing: FilingInfo
  onAsk: (q: string) => void
  disabled: boolean
}) {
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">
        Ask {possessive(filing.company)} {filing.form}
      </h2>
      <p className="welcome__lede">
        Answers come from the filing's own text, and every claim cites the printed page it came from. Click a
        page like <span className="cite cite--sample">p.42</span> to read that page and check it.
      </p>
      <h3 className="welcome__label">Try a question</h3>
      <ul className="cards">
        {filing.questions.map((q) => (
          <li key={q}>
            <button type="button" className="card" onClick={() => onAsk(q)} disabled={disabled}>
              {q}
              <span aria-hidden="true" className="card__arrow">
                →
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Composer({
  filing,
  busy,
  notReady,
  session,
  onAsk,
  inputRef,
}: {
  filing: FilingInfo
  busy: boolean
  notReady: boolean
  session: SessionInfo | null
  onAsk: (question: string) => void
  inputRef: RefObject<HTMLTextAreaElement | null>
}) {
  const [text, setText] = useState('')
  const capReached = session?.left === 0
  const question = text.trim()
  const canSend = question.length > 0 && !busy && !capReached && !notReady

  const submit = (e?: FormEvent) => {
    e?.preventDefault()
    if (!canSend) return
    onAsk(question.slice(0, QUESTION_MAX_CHARS))
    setText('')
  }
  // Stop aborts the request: the server sees the client leave and gives the question back. The Stop
  // button then turns back into Ask, so focus goes to the question box rather than being lost.
  const stop = () => {
    stopAnswers(filing.id)
    inputRef.current?.focus()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter breaks the line; never while an IME is composing a character.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      submit()
    } else if (e.key === 'Escape' && busy && !e.nativeEvent.isComposing) {
      e.preventDefault()
      stop()
    }
  }

  return (
    <form className="composer" onSubmit={submit} aria-label="Ask a question">
      {filing.chips.length > 0 && !capReached && (
        <fieldset className="chips">
          <legend className="visually-hidden">Suggestions</legend>
          {filing.chips.map((chip) => (
            <button
              key={chip}
              type="button"
              className="chip"
              onClick={() => {
                setText(chip)
                inputRef.current?.focus()
              }}
            >
              {chip}
            </button>
          ))}
        </fieldset>
      )}
      <div className="composer__box">
        <label htmlFor={QUESTION_ID} className="visually-hidden">
          Your question about {possessive(filing.company)} {filing.form}
        </label>
        <textarea
          id={QUESTION_ID}
          ref={inputRef}
          rows={1}
          maxLength={QUESTION_MAX_CHARS}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={capReached || notReady}
          placeholder={
            capReached
              ? session?.resetsAt
                ? `You have used all your questions until ${formatReset(session.resetsAt)}`
                : 'You have used all your questions'
              : notReady
                ? 'Questions open once the filing has been read'
                : (filing.placeholder ?? `Ask about ${possessive(filing.company)} ${filing.form}`)
          }
        />
        {busy ? (
          <button type="button" className="send send--stop" onClick={stop} aria-label="Stop answer">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <rect x="6.5" y="6.5" width="11" height="11" rx="2" fill="currentColor" />
            </svg>
          </button>
        ) : (
          <button type="submit" className="send" disabled={!canSend} aria-label="Ask">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M12 19V5M5 12l7-7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        )}
      </div>
      <p className="composer__meta">
        <span className="session" aria-live="polite">
          {session ? sessionText(session) : ''}
        </span>
        {/* No hint about sending when nothing can be sent. */}
        {(busy || (!capReached && !notReady)) && (
          <span className="composer__hint">
            {busy ? 'Esc to stop the answer' : 'Enter to send · Shift+Enter for a new line'}
          </span>
        )}
      </p>
    </form>
  )
}
