import type { FilingInfo, FilingsReply } from '@asks1/shared/contract/api'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useState } from 'react'
import { type AnswerState, type AskTurnInput, filingsQueryOptions, queryKeys } from './api/queries'
import { Chat, QUESTION_ID } from './components/Chat'
import { Footer, Header, HowItWorks } from './components/Chrome'
import { FailureNotice } from './components/FailureNotice'
import { FilingSwitcher } from './components/FilingSwitcher'
import { type PageTarget, SourcePanel } from './components/SourcePanel'
import { useFilingSelection } from './hooks/use-filing-selection'
import { useSessionInfo } from './hooks/use-session'
import { useThreads } from './hooks/use-threads'
import { buildHistory } from './lib/history'
import { canCompare } from './lib/versions'

// The "What changed" view is only for amended filings: its code loads with the first of them.
const ChangesPanel = lazy(() =>
  import('./components/ChangesPanel').then((m) => ({ default: m.ChangesPanel })),
)

export function App() {
  const filings = useQuery(filingsQueryOptions())
  if (filings.isPending) {
    return (
      <div className="boot" role="status">
        <Logo /> Loading filings…
      </div>
    )
  }
  if (filings.isError) {
    return (
      <main className="boot boot--error">
        <Logo />
        <FailureNotice error={filings.error} onRetry={() => filings.refetch()} />
      </main>
    )
  }
  return <Workspace reply={filings.data} />
}

let turnCounter = 0
// Not crypto.randomUUID: it exists only in secure contexts, and the app may be opened over plain http.
const newTurnId = () => `t${Date.now().toString(36)}${(turnCounter++).toString(36)}`

function Workspace({ reply }: { reply: FilingsReply }) {
  const queryClient = useQueryClient()
  const selection = useFilingSelection(reply)
  const filing = reply.filings.find((f) => f.id === selection.selectedId) as FilingInfo
  const target = reply.filings.find((f) => f.id === selection.shownId) ?? filing
  const session = useSessionInfo()
  // Each filing keeps its own thread, across switches and reloads (localStorage).
  const { threads, setThreads, clear } = useThreads()
  const [page, setPage] = useState<PageTarget | null>(null)
  const [howOpen, setHowOpen] = useState(false)
  const [changesOpen, setChangesOpen] = useState(false)

  const ask = useCallback(
    (question: string) => {
      const previous = threads[filing.id] ?? []
      // History = the earlier turns that were answered (failed ones are left out).
      const answered = previous.flatMap((t) => {
        const data = queryClient.getQueryData<AnswerState>(queryKeys.ask(t.filing, t.turnId))
        return data?.reply ? [{ question: t.question, answer: data.reply.answer }] : []
      })
      const turn: AskTurnInput = {
        filing: filing.id,
        turnId: newTurnId(),
        question,
        history: buildHistory(answered),
      }
      setThreads((all) => ({ ...all, [filing.id]: [...(all[filing.id] ?? []), turn] }))
    },
    [filing.id, queryClient, threads, setThreads],
  )

  return (
    <div className="app">
      <a className="skip-link" href={`#${QUESTION_ID}`}>
        Skip to the question box
      </a>
      <aside className="sidebar">
        <a className="brand" href="/" aria-label="AskS1 home">
          <Logo />
          <span>AskS1</span>
        </a>
        <FilingSwitcher filings={reply.filings} shownId={selection.shownId} onSelect={selection.select} />
        <p className="sidebar__note">Questions about IPO filings, answered with the page to check.</p>
      </aside>
      <div className="main">
        <Header
          filing={filing}
          onHowItWorks={() => setHowOpen(true)}
          onWhatChanged={canCompare(filing) ? () => setChangesOpen(true) : undefined}
        />
        {selection.unknownId && (
          <p className="notice notice--info banner" role="status">
            No filing matches “{selection.unknownId}”. Showing {filing.company}'s {filing.form} instead.
          </p>
        )}
        <div className="stage" aria-busy={selection.isPending}>
          {selection.isPending && (
            <div className="switching" role="status">
              <span className="spinner" aria-hidden="true" />
              Opening {target.company}'s {target.form}…
            </div>
          )}
          <main className="stage__content" inert={selection.isPending}>
            <Chat
              key={filing.id}
              filing={filing}
              turns={threads[filing.id] ?? []}
              session={session}
              onAsk={ask}
              onOpenPage={setPage}
              onClear={() => clear(filing.id)}
            />
          </main>
        </div>
        <Footer answerer={reply.answerer} />
      </div>
      {canCompare(filing) && (
        <Suspense fallback={null}>
          <ChangesPanel
            filing={filing}
            open={changesOpen}
            onClose={() => setChangesOpen(false)}
            onOpenPage={setPage}
          />
        </Suspense>
      )}
      {/* After the changes view, so a page opened from it shows on top of it. */}
      <SourcePanel filing={filing} target={page} onClose={() => setPage(null)} />
      <HowItWorks answerer={reply.answerer} open={howOpen} onClose={() => setHowOpen(false)} />
    </div>
  )
}

export function Logo() {
  return <img className="logo" src="/favicon.svg" alt="" width="28" height="28" />
}
