import type { AskReply, Source } from '@asks1/shared/contract/api'
import { stripPageTags } from '@asks1/shared/contract/citations'
import { citationMatch, citationStatus, citationsFor } from '../lib/citation-status'
import { bestSentence, matchedSentence } from '../lib/matched-sentence'
import { sectionLabel } from '../lib/section-label'
import { CitationChip } from './CitationChip'

/**
 * The sources the API returned: the retrieved passages the answer cites, each with the exact pages
 * cited. When the answer cites no page, the API returns every retrieved passage: say so.
 */
export function Sources({ reply, onOpen }: { reply: AskReply; onOpen: (page: string) => void }) {
  if (reply.sources.length === 0) return null
  const cited = reply.sources.some((s) => s.citedPages.length > 0)
  const cards = sourceCards(reply.sources, cited, reply)
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
        {cards.map(({ source, pages }) => (
          <SourceItem
            key={source.chunkId}
            source={source}
            pages={pages}
            cited={cited}
            reply={reply}
            onOpen={onOpen}
          />
        ))}
      </ul>
    </section>
  )
}

const countPages = (sources: Source[]) => new Set(sources.flatMap((s) => s.citedPages)).size

/**
 * One card per passage, each page on one card only: overlapping passages (chunks share 100 words)
 * often cover the same page. The passage whose part of that page holds the answer's quote or figures
 * keeps it (the better-ranked one on a tie); a passage left with no page of its own is not shown.
 */
export function sourceCards(
  sources: readonly Source[],
  cited: boolean,
  reply: AskReply,
): { source: Source; pages: string[] }[] {
  const owner = new Map<string, { index: number; score: number }>()
  sources.forEach((source, index) => {
    for (const page of cited ? source.citedPages : source.pages) {
      const score = bestSentence(source, reply, [page]).score
      const current = owner.get(page)
      if (!current || score > current.score) owner.set(page, { index, score })
    }
  })
  return sources.flatMap((source, index) => {
    const pages = (cited ? source.citedPages : source.pages).filter((p) => owner.get(p)?.index === index)
    return pages.length > 0 ? [{ source, pages }] : []
  })
}

function SourceItem({
  source,
  pages,
  cited,
  reply,
  onOpen,
}: {
  source: Source
  pages: string[]
  cited: boolean
  reply: AskReply
  onOpen: (page: string) => void
}) {
  const text = stripPageTags(source.text)
  const section = sectionLabel(source.section)
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
        {section && <span className="source-card__section">{section}</span>}
      </div>
      <details>
        <summary>
          <span className="source-card__snippet">
            {snippet(matchedSentence(source, reply, pages) || text)}
          </span>
          <span className="source-card__more" aria-hidden="true" />
        </summary>
        <p className="source-card__text">{text}</p>
      </details>
    </li>
  )
}

const snippet = (text: string, max = 240) =>
  text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')}…`
