/**
 * "What changed": the change report between the latest version of a filing and the one before it.
 * Figures that moved first, then sections (added, removed, rewritten, moved) with the word-level diff
 * of each rewritten passage. Every change names its page in both versions, and each page is one click
 * from its text in that version (the page panel opens the page of the version it belongs to).
 */
import type { FilingInfo } from '@asks1/shared/contract/api'
import type {
  ChangesReply,
  FigureChange,
  FilingVersion,
  SectionChange,
  TextChange,
} from '@asks1/shared/contract/changes'
import { PAGE_LABEL_RE } from '@asks1/shared/contract/page-label'
import { useQuery } from '@tanstack/react-query'
import { changesQueryOptions } from '../api/queries'
import { describeFailure } from '../lib/error-copy'
import { formatFiled } from './FilingSwitcher'
import { Modal, ModalCloseButton } from './Modal'
import type { PageTarget } from './SourcePanel'

export const versionName = (v: Pick<FilingVersion, 'n' | 'form' | 'filed'>) =>
  `${v.form} of ${formatFiled(v.filed)}`

type Open = (target: PageTarget) => void

const pageTarget = (page: string, version: number): PageTarget => ({
  page,
  version,
  citations: [],
  checked: false,
  quotes: [],
})

/** The pages of one side, each a button that opens that version's page. */
function Pages({
  pages,
  version,
  onOpen,
}: {
  pages: readonly string[]
  version: FilingVersion
  onOpen: Open
}) {
  if (pages.length === 0) return <span className="muted">absent</span>
  const shown = pages.length > 3 ? [pages[0] as string, pages.at(-1) as string] : pages
  return (
    <span className="changes__pages">
      {shown.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a page list is positional and never reorders
        <span key={`${i}-${p}`}>
          {i > 0 && (pages.length > 3 ? '–' : ', ')}
          {/* An unnumbered part (a cover, Part II) is named, not opened: it has no printed page. */}
          {!PAGE_LABEL_RE.test(p) ? (
            <span className="muted">{p}</span>
          ) : (
            <button
              type="button"
              className="chip"
              aria-label={`Page ${p} of the ${versionName(version)}`}
              onClick={() => onOpen(pageTarget(p, version.n))}
            >
              p.{p}
            </button>
          )}
        </span>
      ))}
    </span>
  )
}

function Sides({
  from,
  to,
  report,
  onOpen,
}: {
  from: readonly string[]
  to: readonly string[]
  report: ChangesReply
  onOpen: Open
}) {
  return (
    <span className="changes__sides">
      <Pages pages={from} version={report.from} onOpen={onOpen} /> →{' '}
      <Pages pages={to} version={report.to} onOpen={onOpen} />
    </span>
  )
}

function Diff({ change }: { change: TextChange }) {
  return (
    <p className="changes__diff">
      {change.parts.map((p, i) => {
        const key = `${i}-${p.op}`
        if (p.op === 'added') return <ins key={key}>{p.text} </ins>
        if (p.op === 'removed') return <del key={key}>{p.text} </del>
        return <span key={key}>{p.text} </span>
      })}
    </p>
  )
}

function FigureItem({ f, report, onOpen }: { f: FigureChange; report: ChangesReply; onOpen: Open }) {
  return (
    <li className="changes__figure">
      <span className="tag">{f.term}</span> <del>{f.before ?? '—'}</del> → <ins>{f.after ?? '—'}</ins>{' '}
      <Sides from={f.from.pages} to={f.to.pages} report={report} onOpen={onOpen} />
      <p className="muted changes__context">{f.context}</p>
    </li>
  )
}

const STATUS_WORD: Record<SectionChange['status'], string> = {
  added: 'Added',
  removed: 'Removed',
  rewritten: 'Rewritten',
  moved: 'Moved',
}

function SectionItem({ s, report, onOpen }: { s: SectionChange; report: ChangesReply; onOpen: Open }) {
  const title = s.path.join(' › ') || 'Opening text (before the first heading)'
  return (
    <li className={`changes__section changes__section--${s.status}`}>
      <h4>
        <span className="tag">{STATUS_WORD[s.status]}</span> {title}
        {s.fromPath && <span className="muted"> (was “{s.fromPath.at(-1)}”)</span>}
      </h4>
      <ol className="changes__passages">
        {s.changes.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: passages are positional and never reorder
          <li key={i} className="changes__passage">
            <Sides from={c.from.pages} to={c.to.pages} report={report} onOpen={onOpen} />
            <Diff change={c} />
          </li>
        ))}
      </ol>
    </li>
  )
}

function Report({ report, onOpen }: { report: ChangesReply; onOpen: Open }) {
  const s = report.summary
  return (
    <>
      <p className="changes__summary">
        {s.sectionsRewritten} sections rewritten ({s.passages} passages), {s.sectionsAdded} added,{' '}
        {s.sectionsRemoved} removed, {s.sectionsMoved} moved; {s.figures} figures moved.
      </p>
      {report.figures.length > 0 && (
        <section aria-label="Figures that moved">
          <h3>Figures that moved</h3>
          <ul className="changes__list">
            {report.figures.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: figures are positional and never reorder
              <FigureItem key={i} f={f} report={report} onOpen={onOpen} />
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Sections">
        <h3>Sections</h3>
        {report.sections.length === 0 ? (
          <p className="muted">The two versions have the same text.</p>
        ) : (
          <ul className="changes__list">
            {report.sections.map((sec, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sections are positional and never reorder
              <SectionItem key={i} s={sec} report={report} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

export function ChangesPanel({
  filing,
  open,
  onClose,
  onOpenPage,
}: {
  filing: FilingInfo
  open: boolean
  onClose: () => void
  onOpenPage: Open
}) {
  return (
    <Modal open={open} onClose={onClose} labelledBy="changes-title" className="changes-panel">
      {open && <ChangesBody filing={filing} onClose={onClose} onOpenPage={onOpenPage} />}
    </Modal>
  )
}

function ChangesBody({
  filing,
  onClose,
  onOpenPage,
}: {
  filing: FilingInfo
  onClose: () => void
  onOpenPage: Open
}) {
  const query = useQuery(changesQueryOptions(filing.id))
  const failure = query.isError ? describeFailure(query.error) : null
  const report = query.data
  return (
    <article className="changes">
      <header className="source__head">
        <div>
          <p className="eyebrow">{filing.company}</p>
          <h2 id="changes-title">What changed</h2>
          {report && (
            <p className="source__meta">
              From the {versionName(report.from)} (version {report.from.n}) to the {versionName(report.to)}{' '}
              (version {report.to.n}). Pages: version {report.from.n} → version {report.to.n}.
            </p>
          )}
        </div>
        <ModalCloseButton onClose={onClose} label="Close what changed" />
      </header>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard */}
      <section className="source__text" tabIndex={0} aria-label="Changes">
        {query.isPending && <p className="muted">Comparing the versions…</p>}
        {failure && (
          <div role="alert" className="notice notice--error">
            <p>
              <strong>{failure.title}</strong>
            </p>
            <p>{failure.body}</p>
          </div>
        )}
        {report && <Report report={report} onOpen={onOpenPage} />}
      </section>
    </article>
  )
}
