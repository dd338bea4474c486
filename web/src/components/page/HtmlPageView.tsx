/**
 * The cited page as the filing set it, for an EDGAR HTML filing: the printed page's own markup
 * (tables intact), sanitised by the server (GET /filings/:id/document/pages/:page), with the quoted
 * passage and figures marked.
 */
import { useQuery } from '@tanstack/react-query'
import { useLayoutEffect, useRef, useState } from 'react'
import { documentPageQueryOptions } from '../../api/queries'
import { describeFailure } from '../../lib/error-copy'
import { markText } from '../../lib/mark-dom'

export function HtmlPageView({
  filing,
  page,
  highlight,
}: {
  filing: string
  page: string
  highlight: RegExp | null
}) {
  const query = useQuery(documentPageQueryOptions(filing, page))
  const ref = useRef<HTMLDivElement>(null)
  const [marks, setMarks] = useState<number | null>(null)
  const highlightKey = highlight?.source ?? ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the highlight's text, not its identity
  useLayoutEffect(() => {
    const host = ref.current
    if (!host || !query.data) return
    // Markup React does not manage: set whole (already sanitised by the server), then marked.
    host.innerHTML = query.data.html
    setMarks(highlight ? markText(host, highlight) : 0)
    host.querySelector('mark')?.scrollIntoView?.({ block: 'center' })
  }, [query.data, highlightKey])

  if (query.isError) {
    const failure = describeFailure(query.error)
    return (
      <p role="alert" className="notice notice--error">
        {failure.kind === 'not-found' ? query.error.message : failure.body} The Text view still shows the
        page.
      </p>
    )
  }
  return (
    <>
      {query.isPending && <p className="muted">Loading the page as printed…</p>}
      <div ref={ref} className="html-page" data-marks={marks ?? undefined} />
    </>
  )
}
