import type { AnswerMode, FilingInfo } from '@asks1/shared/api'
import { formatFiled } from './FilingSwitcher'
import { Modal } from './Modal'

export function Header({ filing, onHowItWorks }: { filing: FilingInfo; onHowItWorks: () => void }) {
  return (
    <header className="header">
      <div className="header__title">
        <h1>
          {filing.company} <span className="ticker ticker--lg">{filing.ticker}</span>
        </h1>
        <p className="header__meta">
          {filing.form} filed {formatFiled(filing.filed)}
          {filing.status && ` · ${filing.status.pages} pages indexed`}
        </p>
      </div>
      <div className="header__actions">
        <button type="button" className="button button--quiet" onClick={onHowItWorks}>
          How it works
        </button>
        <a className="button button--quiet" href={filing.edgarUrl} target="_blank" rel="noreferrer">
          EDGAR ↗
        </a>
      </div>
    </header>
  )
}

/** Which model reads the filing (as far as the last answer told us), grounding, and no advice. */
export function Footer({ mode }: { mode: AnswerMode | null }) {
  const reader =
    mode === 'llm'
      ? 'Answers are written by Claude (Anthropic) from passages of this filing.'
      : mode === 'extractive'
        ? 'No AI model is configured: answers are excerpts picked from this filing.'
        : 'Answers are written by Claude from passages of this filing, or shown as excerpts when no AI model is configured.'
  return (
    <footer className="footer">
      <p>
        {reader} Every claim is grounded in the filing's text and cites its printed page, so you can check it.
        Nothing here is investment advice.
      </p>
    </footer>
  )
}

export function HowItWorks({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} labelledBy="how-title" className="how">
      <header className="how__head">
        <h2 id="how-title">How AskS1 works</h2>
        {/* biome-ignore lint/a11y/noAutofocus: the dialog's first stop is its close button */}
        <button type="button" className="icon-button" onClick={onClose} autoFocus aria-label="Close">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <ol className="how__steps">
        <li>
          <strong>The filing is read once.</strong> Its text is split into passages, and each passage keeps
          the <em>printed</em> page numbers it came from: the numbers at the foot of the filing's pages, not
          the page count of a PDF viewer.
        </li>
        <li>
          <strong>Your question searches this filing only.</strong> Keyword and meaning search find the
          passages that matter; other filings are never mixed in.
        </li>
        <li>
          <strong>The answer cites its pages.</strong> Claude answers from those passages alone and cites a
          printed page for each fact. Without an AI model, AskS1 shows the best-matching excerpts instead,
          labelled as such.
        </li>
        <li>
          <strong>Every citation is checked.</strong> A cited page must exist, and the figures quoted beside
          it must appear on it. A chip like <span className="cite cite--verified cite--sample">p.42</span>{' '}
          opens the page with those figures highlighted, so you can judge for yourself.
        </li>
      </ol>
      <p className="muted">
        Each visit can ask a limited number of questions. Answers can be wrong: the page is the authority, and
        nothing here is investment advice.
      </p>
    </Modal>
  )
}
