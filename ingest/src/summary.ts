/**
 * The plain-text summaries the ingest CLI prints on standard output (pure: no I/O), kept apart from
 * the commands so cli.ts stays about argument handling and the order of the steps.
 */
import { describeChanges } from './changes'
import type { IngestSummary } from './ingest'
import type { PagesReport } from './read'

export const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 1000 ? 2 : 1)} s`

function markerLine(report: PagesReport): string {
  const seqs = Object.entries(report.markers)
  return seqs.length ? seqs.map(([k, v]) => `${k} ${v}`).join(', ') : 'none'
}

export function pagesSummary(report: PagesReport): string[] {
  return [
    `  source       ${report.source}, ${report.physicalPages} ${report.source === 'pdf' ? 'PDF' : 'HTML'} pages`,
    `  pages        ${report.pages} printed pages${report.fallback ? ' (FALLBACK: PDF page numbers)' : ''}`,
    `  markers      ${markerLine(report)}${
      Object.keys(report.markersVia).length
        ? ` (via ${Object.entries(report.markersVia)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')})`
        : ''
    }; ${report.rejectedCandidates} candidates rejected`,
    ...(report.markerPosition === 'start'
      ? ['  position     numbers head their pages (running header): a marker starts its page']
      : []),
    `  interpolated ${report.interpolated}`,
    `  trimmed      front ${report.trimmed.front}, back ${report.trimmed.back}`,
    ...(report.footerPatterns.length
      ? [`  footer       ${report.footerPatterns.map((p) => `"${p} <n>"`).join(', ')}`]
      : []),
    ...(report.noiseLines
      ? [`  noise        ${report.noiseLines} producer header/footer lines dropped`]
      : []),
  ]
}

export function runSummary(s: IngestSummary): string {
  const t = s.timings
  return [
    `${s.filing} <- ${s.file}${s.dryRun ? ' (dry run: nothing written)' : ''}`,
    ...pagesSummary(s.report),
    `  chunks       ${s.chunks.length} (${s.embedded ? `embedded with ${s.model}` : 'keyword-only: no embedding model'})`,
    s.version ? `  version      ${s.version} is live` : '  version      none (dry run)',
    `  changes      ${s.changes ? describeChanges(s.changes) : s.dryRun ? 'not compared (dry run)' : 'first version of this filing'}`,
    `  time         extract ${seconds(t.extractMs)}, paging ${seconds(t.pagingMs)}, chunk ${seconds(t.chunkMs)}, embed ${seconds(t.embedMs)}, write ${seconds(t.writeMs)}, total ${seconds(t.totalMs)}`,
  ].join('\n')
}
