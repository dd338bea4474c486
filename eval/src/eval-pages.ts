/**
 * `pnpm eval:pages [files…] [--groundtruth <jsonl>] [--json]`: for each filing file, the share of
 * ground-truth sentences found inside the text of their own printed page. Without files, every file
 * of the shared data set that has ground truth. Ground truth for `<name>[-variant].<ext>` is
 * `<groundtruth dir>/<name>.jsonl` (variant suffixes such as `-flow` and `-footer` are dropped until
 * a file exists), or the file given with `--groundtruth`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, extname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readPages } from '@asks1/ingest'
import { ROOT_DIR, readConfig } from '@asks1/shared/config'
import { Type } from 'typebox'
import { type GroundTruthSentence, type PageAccuracy, pageAccuracy } from './accuracy'
import { cliArgs, runCli } from './cli'

// The shared data set sits beside the repository (`../shared/data`), as on every developer machine and in CI.
const { ASKS1_SHARED_DATA: SHARED_DATA } = readConfig({
  ASKS1_SHARED_DATA: Type.String({ default: resolve(ROOT_DIR, '../shared/data') }),
})
const TARGET = 0.995

function groundTruthFor(file: string, dir: string): string | null {
  let name = basename(file, extname(file))
  for (;;) {
    const candidate = join(dir, `${name}.jsonl`)
    if (existsSync(candidate)) return candidate
    const cut = name.lastIndexOf('-')
    if (cut <= 0) return null
    name = name.slice(0, cut)
  }
}

function loadSentences(path: string): GroundTruthSentence[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as GroundTruthSentence)
}

interface Row {
  file: string
  groundtruth: string
  pages: number
  markers: string
  interpolated: number
  fallback: boolean
  seconds: number
  accuracy: Omit<PageAccuracy, 'misses'> & { misses: PageAccuracy['misses'] }
}

async function main() {
  const { values, positionals } = parseArgs({
    args: cliArgs(),
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      groundtruth: { type: 'string' },
      misses: { type: 'string', default: '3' },
    },
  })
  const gtDir = join(SHARED_DATA, 'groundtruth')
  const filingsDir = join(SHARED_DATA, 'filings')
  const files = positionals.length
    ? positionals.map((f) => resolve(f))
    : readdirSync(filingsDir)
        .filter((f) => /\.(pdf|html?)$/i.test(f))
        .sort()
        .map((f) => join(filingsDir, f))
        .filter((f) => groundTruthFor(f, gtDir))
  const rows: Row[] = []
  for (const file of files) {
    const gt = values.groundtruth ? resolve(values.groundtruth) : groundTruthFor(file, gtDir)
    if (!gt) {
      process.stderr.write(`${basename(file)}: no ground truth found (use --groundtruth)\n`)
      process.exitCode = 1
      continue
    }
    const t0 = performance.now()
    const { pages, report } = await readPages(file)
    const seconds = (performance.now() - t0) / 1000
    const accuracy = pageAccuracy(pages, loadSentences(gt))
    rows.push({
      file: basename(file),
      groundtruth: basename(gt),
      pages: pages.length,
      markers: Object.entries(report.markers)
        .map(([k, v]) => `${k}:${v}`)
        .join(' '),
      interpolated: report.interpolated,
      fallback: report.fallback,
      seconds,
      accuracy,
    })
    if (!values.json) process.stderr.write(`${basename(file)}: ${(accuracy.share * 100).toFixed(2)}%\n`)
  }
  if (values.json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`)
  } else {
    const header = [
      'file',
      'sentences',
      'on own page',
      'share',
      'wrong page',
      'in trimmed',
      'pages',
      'markers',
      'interp.',
      's',
    ]
    const body = rows.map((r) => [
      r.file,
      String(r.accuracy.total),
      String(r.accuracy.found),
      `${(r.accuracy.share * 100).toFixed(2)}%`,
      String(r.accuracy.elsewhere),
      String(r.accuracy.inTrimmed),
      String(r.pages),
      r.markers,
      String(r.interpolated),
      r.seconds.toFixed(1),
    ])
    const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)))
    const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`
    const out = [fmt(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(fmt)]
    process.stdout.write(`${out.join('\n')}\n`)
    const show = Number(values.misses)
    for (const r of rows) {
      for (const m of r.accuracy.misses.slice(0, show))
        process.stdout.write(
          `  miss ${r.file} p.${m.page}${m.foundOn.length ? ` (found on ${m.foundOn.join(',')})` : ''}: ${m.sentence.slice(0, 100)}\n`,
        )
    }
  }
  const below = rows.filter((r) => r.accuracy.share < TARGET)
  if (below.length) {
    process.stderr.write(`below the ${TARGET * 100}% target: ${below.map((r) => r.file).join(', ')}\n`)
    process.exitCode = 1
  }
}

runCli('usage: pnpm eval:pages [files…] [--groundtruth FILE] [--json] [--misses N]', main)
