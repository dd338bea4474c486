/**
 * `pnpm eval:tables [--json] [--filings facebook-s1,pandora-s1,camp4-424b4] [--dir DIR]`: reads each
 * filing's EDGAR HTML (the gold: real `<table>` markup) and its PDF printings (Chrome `.pdf`,
 * `-flow.pdf`, `-footer.pdf` where present), and reports the share of numeric HTML cells the PDF
 * table reading recovers with the right row label, period and printed page (and, the other way, the
 * PDF cells no HTML cell backs); and the citation check's figure test on the reference
 * answers of ../shared/data/questions (see figure-check.ts). Progress on stderr; --json prints only
 * the result; --examples lists every miss. An unknown option or filing is a usage error (exit 2).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { readPages } from '@asks1/ingest'
import { UsageError } from './args'
import { cliArgs, runCli } from './cli'
import { addScores, type CheckerScore, checkReferenceFigures, type ReferenceQuestion } from './figure-check'
import { scoreTables, type TableScore } from './tables-score'

const DEFAULT_FILINGS = ['facebook-s1', 'pandora-s1', 'camp4-424b4']

const USAGE =
  'usage: pnpm eval:tables [--json] [--examples] [--filings ID,ID…] [--dir DIR] [--questions-dir DIR]'

interface Args {
  json: boolean
  filings: string[]
  dir: string
  examples: boolean
  questions: string
}

function args(argv: string[]): Args {
  const { values } = parseArgs({
    args: argv,
    options: {
      json: { type: 'boolean', default: false },
      examples: { type: 'boolean', default: false },
      filings: { type: 'string', default: DEFAULT_FILINGS.join(',') },
      dir: { type: 'string', default: join(import.meta.dirname, '../../../shared/data/filings') },
      'questions-dir': {
        type: 'string',
        default: join(import.meta.dirname, '../../../shared/data/questions'),
      },
    },
  })
  const filings = values.filings.split(',').filter(Boolean)
  if (!filings.length) throw new UsageError('--filings names no filing')
  return {
    json: values.json,
    examples: values.examples,
    filings,
    dir: values.dir,
    questions: values['questions-dir'],
  }
}

async function main(): Promise<void> {
  const a = args(cliArgs())
  const results: Record<string, Record<string, TableScore>> = {}
  const checker: Record<string, CheckerScore> = {}
  for (const id of a.filings) {
    const html = [join(a.dir, `${id}.html`), join(a.dir, `${id}.htm`)].find((f) => existsSync(f))
    if (!html) throw new UsageError(`--filings ${id}: no ${id}.html or ${id}.htm in ${a.dir}`)
    process.stderr.write(`${id}: reading HTML…\n`)
    const gold = (await readPages(html)).pages
    results[id] = {}
    for (const variant of ['', '-flow', '-footer']) {
      const pdf = join(a.dir, `${id}${variant}.pdf`)
      if (!existsSync(pdf)) continue
      process.stderr.write(`${id}${variant}.pdf: reading…\n`)
      const got = (await readPages(pdf)).pages
      const score = scoreTables(gold, got)
      const qfile = join(a.questions, `${id}.jsonl`)
      if (variant === '' && existsSync(qfile)) {
        const questions = readFileSync(qfile, 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as ReferenceQuestion)
        checker[id] = checkReferenceFigures(questions, new Map(got.map((p) => [p.label, p])))
      }
      ;(results[id] as Record<string, TableScore>)[`${id}${variant}.pdf`] = a.examples
        ? score
        : { ...score, examples: score.examples.slice(0, 3) }
      process.stderr.write(
        `  ${(100 * score.recall).toFixed(1)}% of ${score.goldCells} HTML cells (${score.misplaced} misplaced)\n`,
      )
    }
  }
  const all = Object.values(results).flatMap((r) => Object.values(r))
  const goldCells = all.reduce((n, s) => n + s.goldCells, 0)
  const recovered = all.reduce((n, s) => n + s.recovered, 0)
  const { examples: _, ...total } = addScores(Object.values(checker))
  const summary = { goldCells, recovered, recall: goldCells ? recovered / goldCells : 0, checker: total }
  if (a.json) {
    process.stdout.write(`${JSON.stringify({ tables: { summary, filings: results, checker } }, null, 2)}\n`)
    return
  }
  for (const [id, r] of Object.entries(results))
    for (const [file, s] of Object.entries(r)) {
      process.stdout.write(
        `${file.padEnd(28)} ${(100 * s.recall).toFixed(1).padStart(5)}%  ${s.recovered}/${s.goldCells} cells  tables html ${s.goldTables} pdf ${s.pdfTables}  unbacked ${s.unmatched}/${s.pdfCells}\n`,
      )
      for (const e of s.examples) process.stdout.write(`    miss ${e}\n`)
      void id
    }
  process.stdout.write(`all ${(100 * summary.recall).toFixed(1)}%  ${recovered}/${goldCells} cells\n`)
  for (const [id, s] of Object.entries(checker)) {
    process.stdout.write(
      `check ${id.padEnd(22)} ${s.figures} reference figures (${s.printed} printed, ${s.computed} computed): ${s.falseNotVerified} false "not verified"; ${s.wrongChecked} wrong figures: ${s.falseVerified} false "verified", ${s.falseComputed} false "computed" (pnpm eval:figures)\n`,
    )
    for (const e of a.examples ? s.examples : s.examples.slice(0, 5)) process.stdout.write(`    ${e}\n`)
  }
}

runCli(USAGE, main)
