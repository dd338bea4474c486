import type { Answerer, FilingInfo } from '@asks1/shared/contract/api'
import { formatFiled } from './FilingSwitcher'
import { Modal, ModalCloseButton } from './Modal'

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

/** Who writes the answers, as the server declares it in /filings: Claude and its model, or no AI model. */
export function readerSentence(answerer: Answerer): string {
  return answerer.mode === 'llm'
    ? `Answers are written by Claude (${answerer.model ?? 'Anthropic'}) from the filing's text.`
    : 'No AI model is configured: answers are excerpts quoted from the filing.'
}

/** The disclosure, before the first answer: which model reads the filing, grounding, and no advice. */
export function Footer({ answerer }: { answerer: Answerer }) {
  return (
    <footer className="footer">
      <p>
        {readerSentence(answerer)} Every claim cites the filing's printed page, so you can check it. Nothing
        here is investment advice.
      </p>
    </footer>
  )
}

export function HowItWorks({
  answerer,
  open,
  onClose,
}: {
  answerer: Answerer
  open: boolean
  onClose: () => void
}) {
  return (
    <Modal open={open} onClose={onClose} labelledBy="how-title" className="how">
      <header className="how__head">
        <h2 id="how-title">How AskS1 works</h2>
        <ModalCloseButton onClose={onClose} />
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
          <strong>The answer cites its pages.</strong>{' '}
          {answerer.mode === 'llm' ? (
            <>
              Claude (<code>{answerer.model ?? 'Anthropic'}</code>) answers from those passages alone and
              cites a printed page for each fact.
            </>
          ) : (
            <>
              No AI model is configured here, so AskS1 shows the best-matching excerpts quoted from the
              filing, each with its printed page, labelled as excerpts.
            </>
          )}
        </li>
        <li>
          <strong>Every citation is checked.</strong> A cited page must exist, and the figures quoted beside
          it must appear on it. A chip like <span className="cite cite--verified cite--sample">p.42</span>{' '}
          opens the page with those figures highlighted, so you can judge for yourself.
        </li>
      </ol>
      <p className="muted">
        Each browser can ask a limited number of questions a week. Answers can be wrong: the page is the
        authority, and nothing here is investment advice.
      </p>
    </Modal>
  )
}
