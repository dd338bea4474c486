import type { Citation, FilingInfo } from '@asks1/shared/contract/api'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { sourcePageQueryOptions } from '../api/queries'
import {
  citationStatus,
  computedOf,
  figuresOf,
  missingOf,
  otherLineItemsOf,
  printedAsOf,
  statusSentence,
} from '../lib/citation-status'
import { describeFailure } from '../lib/error-copy'
import { highlightFigures, highlightRegExp, printKey, quoteAppears } from '../lib/highlight'
import { Modal, ModalCloseButton } from './Modal'
import { PageTables } from './PageTables'
import { HtmlPageView } from './page/HtmlPageView'

// pdf.js is large: it loads with the first PDF page anyone opens, never with the app.
const PdfPageView = lazy(() => import('./page/PdfPageView'))

/** How the panel shows a page: as printed (the PDF page or the filing's own HTML) or as extracted text. */
export type PageMode = 'page' | 'text'

/** What a clicked citation asks to open: a printed page, with the answer's citations of it. */
export interface PageTarget {
  page: string
  /** The answer's citations of this page (empty while the answer streams, or from a source card). */
  citations: Citation[]
  /** Whether the answer is complete (so `citations` says how the check went). */
  checked: boolean
  /** Passages the answer quotes in support of this page (highlighted when found on it). */
  quotes: string[]
  /** A version of the filing other than the live one (a change report cites both sides). */
  version?: number
}

export function SourcePanel({
  filing,
  target,
  onClose,
}: {
  filing: FilingInfo
  target: PageTarget | null
  onClose: () => void
}) {
  // The reader's choice of view holds for every page opened during the visit.
  const [mode, setMode] = useState<PageMode>('page')
  return (
    <Modal open={target !== null} onClose={onClose} labelledBy="source-title" className="source-panel">
      {target && (
        <SourcePage
          key={`${target.page}@${target.version ?? 'live'}`}
          filing={filing}
          target={target}
          onClose={onClose}
          mode={mode}
          onMode={setMode}
        />
      )}
    </Modal>
  )
}

function SourcePage({
  filing,
  target,
  onClose,
  mode: preferred,
  onMode,
}: {
  filing: FilingInfo
  target: PageTarget
  onClose: () => void
  mode: PageMode
  onMode: (mode: PageMode) => void
}) {
  // Prev/next walk the filing from the cited page; highlights belong to the cited page only.
  const [page, setPage] = useState(target.page)
  const query = useQuery(sourcePageQueryOptions(filing.id, page, target.version))
  const version = target.version ? filing.versions.find((v) => v.n === target.version) : undefined
  // The document routes serve the live version's file only: an earlier version's page (opened from
  // the change report) is shown as its text, whatever the reader chose for live pages.
  const printable = !version || version.live
  const mode: PageMode = printable ? preferred : 'text'
  const isCited = page === target.page
  const figures = isCited ? figuresOf(target.citations) : []
  const quotes = isCited ? target.quotes : []
  const missing = isCited ? missingOf(target.citations) : []
  const computed = isCited ? computedOf(target.citations) : []
  const others = isCited ? otherLineItemsOf(target.citations) : []
  // How the page prints the cited figures, as the check found them ("3,711" under "in millions" for
  // "$3.7 billion"): marked beside the figures as quoted, so the reader sees what the check matched.
  const printed = isCited ? printedAsOf(target.citations) : []
  const status = target.checked ? citationStatus(target.citations) : 'pending'
  // Listed as highlighted: the figures the page prints (not found or computed ones are not on it).
  const shown = figures.filter((f) => !missing.includes(f))
  // How the page prints them where that differs from the quote, once per print ("$ 3,711" = "$3,711").
  const quotedKeys = new Set(shown.map(printKey))
  const printedOtherwise = printed.filter(
    (p, i) => !quotedKeys.has(printKey(p)) && printed.findIndex((q) => printKey(q) === printKey(p)) === i,
  )
  // Keyed by the figures' text, not the array (a new array each render would redo the work).
  const figuresKey = [...new Set([...figures, ...printed])].join('\u0000')
  const quotesKey = quotes.join('\u0000')
  const segments = useMemo(
    () =>
      query.data
        ? highlightFigures(query.data.text, figuresKey.split('\u0000'), quotesKey.split('\u0000'))
        : [],
    [query.data, figuresKey, quotesKey],
  )
  const highlight = useMemo(
    () =>
      highlightRegExp(
        figuresKey ? figuresKey.split('\u0000') : [],
        quotesKey ? quotesKey.split('\u0000') : [],
      ),
    [figuresKey, quotesKey],
  )
  const quotesFound = query.data ? quotes.filter((q) => quoteAppears(query.data.text, q)).length : 0
  const textRef = useRef<HTMLElement>(null)
  // Bring the first highlighted figure into view (reading the DOM, never rewriting it).
  useEffect(() => {
    if (mode !== 'text') return
    if (segments.some((s) => s.mark))
      textRef.current?.querySelector('mark')?.scrollIntoView?.({ block: 'center' })
    else textRef.current?.scrollTo?.({ top: 0 })
  }, [segments, mode])

  const failure = query.isError ? describeFailure(query.error) : null
  return (
    <article className="source">
      <header className="source__head">
        <div>
          <p className="eyebrow">
            {filing.company} · {version ? `${version.form} (version ${version.n})` : filing.form}
          </p>
          <h2 id="source-title">Page {page}</h2>
          <p className="source__meta">
            {query.data && <span>{pdfPageText(query.data.pdfPages)}</span>}
            {isCited ? <span className="tag">Cited in the answer</span> : <span>Printed page {page}</span>}
          </p>
        </div>
        <ModalCloseButton onClose={onClose} label="Close page" />
      </header>
      <fieldset className="view-toggle">
        <legend className="visually-hidden">Show the page</legend>
        {(['page', 'text'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mode === m}
            disabled={m === 'page' && !printable}
            onClick={() => onMode(m)}
          >
            {m === 'page' ? 'Page' : 'Text'}
          </button>
        ))}
      </fieldset>
      {!printable && version && (
        <p className="source__note muted">
          Version {version.n} is not the live version: the page as printed is shown for the live version only,
          so this is the text of version {version.n}'s page {page}.
        </p>
      )}

      {isCited && status !== 'pending' && (
        <p className={`check check--${status}`}>
          {statusSentence(status, page, missing, figures, computed, others)}
        </p>
      )}
      {isCited && shown.length > 0 && (
        <p className="source__figures">
          Highlighted:{' '}
          {shown.map((f) => (
            <mark key={f}>{f}</mark>
          ))}
          {printedOtherwise.length > 0 && <span>(printed on the page as {printedOtherwise.join(', ')})</span>}
        </p>
      )}
      {isCited && query.data && quotes.length > 0 && (
        <p className="source__figures">
          {quotesFound === quotes.length
            ? `The quoted passage${quotes.length === 1 ? ' is' : 's are'} highlighted below.`
            : quotesFound === 0
              ? `The quoted passage${quotes.length === 1 ? ' was' : 's were'} not found word for word on this page.`
              : `${quotesFound} of ${quotes.length} quoted passages were found on this page and are highlighted.`}
        </p>
      )}

      <section
        className={`source__text source__text--${mode}`}
        ref={textRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
        tabIndex={0}
        aria-label={mode === 'text' ? `Text of page ${page}` : `Page ${page} as printed`}
      >
        {query.isPending && <p className="muted">Loading page {page}…</p>}
        {failure && (
          <div role="alert" className="notice notice--error">
            <p>
              <strong>
                {failure.kind === 'not-found' ? `Page ${page} is not in this filing` : failure.title}
              </strong>
            </p>
            <p>
              {failure.kind === 'not-found'
                ? 'The page may have been trimmed as front or back matter.'
                : failure.body}
            </p>
            {failure.retry && (
              <button type="button" className="button" onClick={() => query.refetch()}>
                Try again
              </button>
            )}
          </div>
        )}
        {query.data && mode === 'page' && (
          <PrintedPage
            filing={filing.id}
            page={query.data.page}
            pdfPages={query.data.pdfPages}
            highlight={highlight}
          />
        )}
        {query.data && mode === 'text' && (
          <>
            <PageTables tables={query.data.tables ?? []} printed={figuresKey.split('\u0000')} />
            <p className="page-text">
              {segments.map((s, i) =>
                // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder
                s.mark ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>,
              )}
            </p>
          </>
        )}
      </section>

      <footer className="source__foot">
        <div className="pager">
          <button
            type="button"
            className="button button--quiet"
            disabled={!query.data?.prev}
            onClick={() => query.data?.prev && setPage(query.data.prev)}
          >
            ← {query.data?.prev ? `p.${query.data.prev}` : 'Previous'}
          </button>
          <button
            type="button"
            className="button button--quiet"
            disabled={!query.data?.next}
            onClick={() => query.data?.next && setPage(query.data.next)}
          >
            {query.data?.next ? `p.${query.data.next}` : 'Next'} →
          </button>
        </div>
        <a className="link" href={query.data?.edgarUrl ?? filing.edgarUrl} target="_blank" rel="noreferrer">
          Open the filing on EDGAR ↗
        </a>
      </footer>
    </article>
  )
}

/** The page as printed: the PDF pages it runs over, or the filing's own HTML for that page. */
function PrintedPage({
  filing,
  page,
  pdfPages,
  highlight,
}: {
  filing: string
  page: string
  pdfPages: readonly number[]
  highlight: RegExp | null
}) {
  if (pdfPages.length === 0) return <HtmlPageView filing={filing} page={page} highlight={highlight} />
  return (
    <Suspense fallback={<p className="muted">Loading the PDF viewer…</p>}>
      <PdfPageView filing={filing} pdfPages={pdfPages} highlight={highlight} label={page} />
    </Suspense>
  )
}

/** Where the printed page sits in the PDF; EDGAR HTML filings have no PDF pages at all. */
export function pdfPageText(pdfPages: readonly number[]): string {
  if (pdfPages.length === 0) return 'Filed as HTML: no PDF page'
  if (pdfPages.length === 1) return `PDF page ${pdfPages[0]}`
  return `PDF pages ${pdfPages[0]}–${pdfPages.at(-1)}`
}
