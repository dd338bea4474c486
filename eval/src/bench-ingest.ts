/**
 * `pnpm bench:ingest [file] [--runs N] [--embed-limit N]`: time and peak memory of extraction + paging +
 * chunking for the largest filing in the registry (or the file given), then embedding throughput
 * (chunks/s) when a model is present. Prints figures; asserts nothing.
 */
import { statSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { chunkPages, pagesFor, readPages } from '@asks1/ingest'
import { loadBaseConfig } from '@asks1/shared/config'
import { stripPageTags } from '@asks1/shared/contract/citations'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { loadEmbedder } from '@asks1/shared/retrieval/embedder'
import { cliArgs, runCli } from './cli'
import { median } from './metrics'

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function main() {
  const { values, positionals } = parseArgs({
    args: cliArgs(),
    allowPositionals: true,
    options: { runs: { type: 'string', default: '3' }, 'embed-limit': { type: 'string', default: '256' } },
  })
  const config = loadBaseConfig()
  let file = positionals[0]
  if (!file) {
    const registry = loadRegistry(config.FILINGS_CONFIG)
    file = registry.filings
      .map((f) => f.sourcePath)
      .sort((a, b) => statSync(b).size - statSync(a).size)[0] as string
  }
  const runs = Math.max(1, Number(values.runs))
  process.stdout.write(
    `bench:ingest ${file} (${mb(statSync(file).size)}), ${runs} runs, node ${process.version}\n`,
  )

  // Peak memory: sampled every 10 ms while the pipeline runs (RSS and V8 heap), plus the OS's max RSS.
  let peakRss = 0
  let peakHeap = 0
  const sample = () => {
    const m = process.memoryUsage()
    peakRss = Math.max(peakRss, m.rss)
    peakHeap = Math.max(peakHeap, m.heapUsed)
  }
  const timer = setInterval(sample, 10)
  const rows: {
    extract: number
    paging: number
    chunk: number
    total: number
    pages: number
    chunks: number
  }[] = []
  let lastPages: Awaited<ReturnType<typeof readPages>>['pages'] = []
  const cpu0 = process.cpuUsage()
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now()
    const { pages, report } = await readPages(file)
    const t1 = performance.now()
    const chunks = chunkPages(pagesFor('chunk', pages), { filing: 'bench', version: 'bench' })
    const t2 = performance.now()
    sample()
    lastPages = pages
    rows.push({
      extract: report.timings.extractMs,
      paging: report.timings.pagingMs,
      chunk: t2 - t1,
      total: t2 - t0,
      pages: report.physicalPages,
      chunks: chunks.length,
    })
    process.stdout.write(
      `  run ${r + 1}: extract ${s(report.timings.extractMs)}, paging ${s(report.timings.pagingMs)}, chunk ${s(t2 - t1)}, total ${s(t2 - t0)} (${report.physicalPages} pages -> ${pages.length} printed pages, ${chunks.length} chunks)\n`,
    )
  }
  clearInterval(timer)
  const cpu = process.cpuUsage(cpu0)
  const first = rows[0] as (typeof rows)[number]
  const med = median(rows.map((r) => r.total))
  process.stdout.write(
    [
      `extraction + paging + chunking: median ${s(med)} (first run ${s(first.total)}; target <= 10 s for ~200 pages)`,
      `  per physical page: ${(med / first.pages).toFixed(1)} ms; CPU time per run ${s((cpu.user + cpu.system) / 1000 / runs)} (wall time suffers on a shared machine, CPU time less)`,
      `  peak RSS ${mb(peakRss)} (OS max RSS ${mb(process.resourceUsage().maxRSS * 1024)}), peak heap used ${mb(peakHeap)}`,
      '',
    ].join('\n'),
  )

  const embedder = await loadEmbedder(config, { log: (m) => process.stderr.write(`${m}\n`) })
  if (embedder.status !== 'ready') {
    process.stdout.write(`embedding: not measured (${embedder.reason ?? 'no model'})\n`)
    return
  }
  const chunks = chunkPages(pagesFor('chunk', lastPages), { filing: 'bench', version: 'bench' })
  const limit = Math.min(chunks.length, Math.max(1, Number(values['embed-limit'])))
  const texts = chunks.slice(0, limit).map((c) => stripPageTags(c.text))
  await embedder.embedDocuments(texts.slice(0, 2)) // warm-up
  const t0 = performance.now()
  let windows = 0
  for (let i = 0; i < texts.length; i += 16) {
    const out = await embedder.embedDocuments(texts.slice(i, i + 16))
    windows += out.reduce((n, v) => n + v.length, 0)
  }
  const secs = (performance.now() - t0) / 1000
  process.stdout.write(
    [
      `embedding (${embedder.model}, dim ${embedder.dim}): ${limit} chunks (${windows} windows) in ${secs.toFixed(1)} s = ${(limit / secs).toFixed(1)} chunks/s`,
      `  projected for all ${chunks.length} chunks: ${((chunks.length / limit) * secs).toFixed(0)} s`,
      '',
    ].join('\n'),
  )
}

runCli('usage: pnpm bench:ingest [file] [--runs N] [--embed-limit N]', main)
