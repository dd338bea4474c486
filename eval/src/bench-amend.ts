/**
 * `pnpm bench:amend [file] [--runs N]`: the time of `ingest amend` on a 200-page filing (default: the
 * Facebook S-1 PDF) against a synthetic amended copy (price range filled in, a risk factor added, a
 * capitalization figure changed, a section moved), and of the server's on-demand change report.
 *
 * The amended copy is the original's pages with the edits applied after reading: a PDF cannot be
 * edited here, and reading the copy would cost what reading the original costs, so the read is timed
 * on the original file and counted once. Each run uses a fresh scratch store: version 1 is ingested
 * untimed, then the amendment is timed stage by stage. Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { amendFiling, ingestPages, readPages } from '@asks1/ingest'
import { compareVersions, FILING_VERSION_META } from '@asks1/shared/amend'
import { loadBaseConfig, ROOT_DIR } from '@asks1/shared/config'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { loadEmbedder } from '@asks1/shared/retrieval/embedder'
import { openSqliteStore } from '@asks1/shared/store/sqlite'
import { addRiskFactor, changeCapitalizationFigure, fillPriceRange, moveSection } from './amend/synthetic'
import { runCli } from './cli'
import { median } from './metrics'

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: 'string', default: '3' } },
  })
  const file = resolve(positionals[0] ?? join(ROOT_DIR, 'samples/facebook-s1.pdf'))
  const runs = Math.max(1, Number(values.runs))
  const embedder = await loadEmbedder(loadBaseConfig(), { log: (m) => process.stderr.write(`${m}\n`) })
  process.stdout.write(
    `bench:amend ${file}, ${runs} runs, ${embedder.status === 'ready' ? `embedding with ${embedder.model}` : 'keyword-only (no embedding model)'}, node ${process.version}\n`,
  )
  const rows: Record<string, number>[] = []
  let summary = ''
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now()
    const read = await readPages(file)
    const readMs = performance.now() - t0
    let after = read.pages
    for (const edit of [
      fillPriceRange,
      addRiskFactor,
      changeCapitalizationFigure,
      (p: typeof after) => moveSection(p, 'DIVIDEND POLICY', 'DILUTION'),
    ])
      after = edit(after).after

    const dir = mkdtempSync(join(tmpdir(), 'asks1-bench-amend-'))
    const registryPath = join(dir, 'filings.json')
    writeFileSync(
      registryPath,
      JSON.stringify({
        filings: [
          {
            id: 'bench',
            company: 'Bench',
            ticker: 'B',
            form: 'S-1',
            filed: '2012-02-01',
            edgarUrl: 'https://www.sec.gov/',
            source: file,
            collection: 'bench',
            questions: ['What changed?'],
            chips: [],
          },
        ],
      }),
    )
    const store = openSqliteStore({ dir: join(dir, 'sqlite') })
    try {
      await ingestPages({
        filing: 'bench',
        file,
        read,
        sha256: 'v1',
        store,
        embedder,
        meta: { [FILING_VERSION_META]: 1 },
      })
      const filing = loadRegistry(registryPath).get('bench')
      if (!filing) throw new Error('bench registry entry missing')
      const t1 = performance.now()
      const amended = await amendFiling({
        registryPath,
        filing,
        read: { ...read, pages: after },
        file,
        sha256: 'v2',
        store,
        embedder,
        filed: '2012-03-01',
      })
      const amendMs = performance.now() - t1
      // The server's on-demand report: both versions' pages from the store, then the comparison.
      const t2 = performance.now()
      const versions = await store.listVersions('bench')
      const [a, b] = await Promise.all(versions.map((v) => store.getPages('bench', { version: v.version })))
      compareVersions(a ?? [], b ?? [])
      const serverMs = performance.now() - t2
      const t = amended.ingest.timings
      rows.push({
        read: readMs,
        chunk: t.chunkMs,
        embed: t.embedMs,
        write: t.writeMs,
        report: amended.reportMs,
        total: readMs + amendMs,
        server: serverMs,
      })
      const c = amended.comparison.summary
      summary = `${read.pages.length} pages (${read.report.pages} printed), ${amended.ingest.chunks.length} chunks; report: ${c.sectionsRewritten} rewritten (${c.passages} passages), ${c.sectionsAdded} added, ${c.sectionsRemoved} removed, ${c.sectionsMoved} moved, ${c.figures} figures`
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
  const col = (k: string) => median(rows.map((row) => row[k] as number))
  process.stdout.write(
    `${[
      `  filing        ${summary}`,
      `  ingest amend  median of ${runs}: read ${s(col('read'))}, chunk ${s(col('chunk'))}, embed ${s(col('embed'))}, write ${s(col('write'))}, report ${s(col('report'))}; total ${s(col('total'))}`,
      `  runs (total)  ${rows.map((row) => s(row.total as number)).join(', ')}`,
      `  /changes      on demand (both versions' pages from SQLite + report), median ${s(col('server'))}`,
    ].join('\n')}\n`,
  )
}

runCli('usage: pnpm bench:amend [file] [--runs N]', main)
