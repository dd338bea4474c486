import type { AskReply } from '@asks1/shared/contract/api'
import { type CitationStatus, citationSummary } from '../lib/citation-status'
import { CitationChip, MatchBars } from './CitationChip'

export const NOT_COUNTED_NOTE = 'Not counted against your session: nothing in the filing answered it.'

/**
 * Under an answer: one line saying what the checks found, and a visible key to the chips (phones
 * have no tooltips). The key keeps the two facts apart: found on the page, and matches the question.
 */
export function AnswerChecks({ reply }: { reply: AskReply }) {
  const summary = citationSummary(reply.citations, reply.mode === 'extractive')
  if (!summary) return null
  return (
    <>
      <p className="answer__summary" data-testid="citation-summary">
        {summary}
      </p>
      <BadgeKey />
    </>
  )
}

/** The chip states in the key, each with what it means (the same words a screen reader hears, longer). */
const KEY: [CitationStatus, string][] = [
  ['verified', 'quoted text and figures found on that page'],
  ['computed', 'a figure not printed on that page but computed from figures that are (the page says how)'],
  ['unverified', 'a figure not found on that page'],
  ['missing', 'no such page'],
]

export function BadgeKey() {
  return (
    <dl className="badge-key" aria-label="Key to the page chips">
      {KEY.map(([status, meaning]) => (
        <div key={status}>
          <dt>
            <span className={`cite cite--${status} cite--sample`}>
              <span aria-hidden="true" className="cite__mark" />
              p.1
            </span>
          </dt>
          <dd>{meaning}</dd>
        </div>
      ))}
      <div>
        <dt>
          <span className="cite cite--sample">
            <MatchBars match="strong" />
            <MatchBars match="partial" />
            <MatchBars match="weak" />
          </span>
        </dt>
        <dd>how well the passage matches the question: well, partly, barely (barely is never green)</dd>
      </div>
    </dl>
  )
}

/** An abstention: where the filing comes closest, each passage one click from its page. */
export function Closest({ reply, onOpen }: { reply: AskReply; onOpen: (page: string) => void }) {
  const a = reply.abstention
  if (!a) return null
  return (
    <section className="closest" aria-label="Closest passages">
      <p className="note">{NOT_COUNTED_NOTE}</p>
      {a.closest.length > 0 && (
        <>
          <h3 className="sources__title">Closest passages</h3>
          <ul className="closest__list">
            {a.closest.map((c) => (
              <li className="closest__item" key={`${c.pages.join('-')}:${c.text.slice(0, 40)}`}>
                {c.pages.map((page) => (
                  <CitationChip key={page} page={page} status="pending" onOpen={onOpen} />
                ))}{' '}
                {c.section && <span className="source-card__section">{c.section} · </span>}
                <span className="closest__text">“{c.text}”</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
