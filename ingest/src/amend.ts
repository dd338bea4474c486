/**
 * `pnpm ingest amend`: the next version of a filing (S-1/A, 424B4) as one command. The new document
 * is read and paged before anything is written; it then becomes the filing's live version through the
 * same atomic switch as any re-ingest, the previous version stays in the store (what the change report
 * compares with), and the registry gains the amendment in its chain. The change report against the
 * previous version is computed here for the summary; the server computes it again on demand.
 */

import { relative, resolve } from 'node:path'
import { compareVersions, FILING_VERSION_META, filingVersionOf } from '@asks1/shared/amend'
import { MONTH_NAMES } from '@asks1/shared/contract/calendar'
import type { VersionComparison } from '@asks1/shared/contract/changes'
import type { AmendmentEntry } from '@asks1/shared/contract/filings'
import { accessionOf, appendAmendment, type LoadedFiling } from '@asks1/shared/filings-loader'
import type { Embedder } from '@asks1/shared/retrieval/embedder'
import type { Store } from '@asks1/shared/store'
import { type IngestSummary, ingestPages, type Stage } from './ingest'
import { InputError } from './pdf'
import type { ReadResult } from './read'

/**
 * The filing date a registration statement prints atop its cover ("As filed with the Securities and
 * Exchange Commission on March 31, 2025"), as YYYY-MM-DD, or null when the cover does not say.
 */
export function filedDateOnCover(text: string): string | null {
  const m = /as filed with the securities and exchange commission on\s+([a-z]+)\s+(\d{1,2}),\s+(\d{4})/i.exec(
    text.slice(0, 5000),
  )
  if (!m) return null
  const month = MONTH_NAMES.indexOf((m[1] as string).toLowerCase() as (typeof MONTH_NAMES)[number])
  if (month < 0) return null
  return `${m[3]}-${String(month + 1).padStart(2, '0')}-${String(m[2]).padStart(2, '0')}`
}

/** An amendment's form when none is given: the original's form marked as amended (`S-1` → `S-1/A`). */
export const amendedForm = (form: string): string => (form.endsWith('/A') ? form : `${form}/A`)

export interface AmendOptions {
  registryPath: string
  filing: LoadedFiling
  /** The new document, already read and paged. */
  read: ReadResult
  file: string
  sha256: string
  store: Store
  embedder: Embedder
  form?: string
  filed?: string
  /** Where the document came from on EDGAR (`--edgar`); otherwise `file` is recorded as its source. */
  edgarUrl?: string
  startedAt?: number
  signal?: AbortSignal
  onProgress?: (stage: Stage, done: number, total: number) => void
  /** Today's date (YYYY-MM-DD) when neither --filed nor the cover gives one. */
  today?: string
}

export interface AmendSummary {
  ingest: IngestSummary
  /** The registry version written (2 = the first amendment). */
  n: number
  previous: { n: number; version: string }
  amendment: AmendmentEntry
  /** Where the filing date came from. */
  filedFrom: 'option' | 'cover' | 'today'
  comparison: VersionComparison
  reportMs: number
}

export async function amendFiling(opts: AmendOptions): Promise<AmendSummary> {
  const { filing, store } = opts
  const key = filing.collection
  const live = await store.status(key)
  if (!live)
    throw new InputError(
      `${filing.id} has no ingested version to amend: run \`pnpm ingest run ${filing.id}\` first, then amend it`,
    )
  const n = filing.versions.length + 1
  const coverDate = filedDateOnCover(opts.read.pages.map((p) => p.text).join('\n'))
  const filed = opts.filed ?? coverDate ?? opts.today ?? new Date().toISOString().slice(0, 10)
  const amendment: AmendmentEntry = {
    form: opts.form ?? amendedForm(filing.form),
    filed,
  }
  if (opts.edgarUrl) {
    amendment.edgarUrl = opts.edgarUrl
    const accession = accessionOf(opts.edgarUrl)
    if (accession) amendment.accession = accession
  } else {
    const base = resolve(opts.registryPath, '..')
    const rel = relative(base, resolve(opts.file))
    amendment.source = rel.startsWith('..') ? resolve(opts.file) : rel
  }
  const previous = await store.getPages(key)

  const ingest = await ingestPages({
    filing: key,
    file: opts.file,
    read: opts.read,
    sha256: opts.sha256,
    store,
    embedder: opts.embedder,
    meta: { [FILING_VERSION_META]: n, form: amendment.form, filed },
    ...(opts.startedAt !== undefined ? { startedAt: opts.startedAt } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
  })
  const t0 = performance.now()
  const comparison = compareVersions(previous, ingest.pages)
  const reportMs = performance.now() - t0
  try {
    appendAmendment(opts.registryPath, filing.id, amendment)
  } catch (err) {
    throw new InputError(
      `version ${ingest.version} of ${filing.id} is live in the store, but the registry was not updated (${(err as Error).message}); add the amendment to ${opts.registryPath} by hand: ${JSON.stringify(amendment)}`,
    )
  }
  return {
    ingest,
    n,
    previous: { n: filingVersionOf(live), version: live.version },
    amendment,
    filedFrom: opts.filed ? 'option' : coverDate ? 'cover' : 'today',
    comparison,
    reportMs,
  }
}

/** The summary lines `ingest amend` prints after the run summary. */
export function describeAmendment(s: AmendSummary): string {
  const c = s.comparison.summary
  const from = { option: '--filed', cover: 'the cover', today: "today's date: pass --filed" }[s.filedFrom]
  const lines = [
    `  amendment    version ${s.n} (${s.amendment.form}, filed ${s.amendment.filed} from ${from}${s.amendment.accession ? `, accession ${s.amendment.accession}` : ''}) replaces version ${s.previous.n} (${s.previous.version}, kept)`,
    `  report       ${c.sectionsRewritten} sections rewritten (${c.passages} passages), ${c.sectionsAdded} added, ${c.sectionsRemoved} removed, ${c.sectionsMoved} moved; ${c.figures} figures moved (${(s.reportMs / 1000).toFixed(2)} s)`,
  ]
  for (const f of s.comparison.figures.slice(0, 12)) {
    const pages = `${f.from.pages.length ? `p.${f.from.pages[0]}` : '—'} → ${f.to.pages.length ? `p.${f.to.pages[0]}` : '—'}`
    lines.push(`    ${f.term.padEnd(16)} ${f.before ?? '—'} → ${f.after ?? '—'} (${pages})`)
  }
  if (s.comparison.figures.length > 12) lines.push(`    … ${s.comparison.figures.length - 12} more figures`)
  return lines.join('\n')
}
