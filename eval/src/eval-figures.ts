/**
 * `pnpm eval:figures [--json] [--examples] [--filing-file ID=FILE]… [--questions FILE]…`: the
 * citation check's figure test (figure-check.ts) on reference answers: every figure of each
 * question's reference answer against its gold pages, as the server checks a cited page; and each
 * made wrong (10% off, wrong units). Reports correct figures printed / computed / not found (false
 * "not verified") and wrong figures found (false "verified") or computed (false "computed").
 *
 * Without arguments: the dev filings of ../shared/data (facebook, pandora, camp4, twitter), each read from its
 * Chrome-printed PDF and from its EDGAR HTML (the server may serve either), with the question sets
 * of ../shared/data/questions. With --filing-file/--questions: any filing and its questions (each
 * question's `filing` names its file's id). Progress on stderr; --json prints only the result.
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { parseArgs } from 'node:util'
import { readPages } from '@asks1/ingest'
import { parseFilingFile, UsageError } from './args'
import { cliArgs, runCli } from './cli'
import { addScores, type CheckerScore, checkReferenceFigures, type ReferenceQuestion } from './figure-check'

const DATA = join(import.meta.dirname, '../../../shared/data')
const DEV = ['facebook-s1', 'pandora-s1', 'camp4-424b4', 'twitter-10k-2013']

interface Reading {
  id: string
  file: string
}

function devReadings(): Reading[] {
  return DEV.flatMap((id) =>
    [`${id}.pdf`, `${id}.html`]
      .map((name) => join(DATA, 'filings', name))
      .filter((file) => existsSync(file))
      .map((file) => ({ id, file })),
  )
}

function readQuestions(files: readonly string[]): Map<string, ReferenceQuestion[]> {
  const byFiling = new Map<string, ReferenceQuestion[]>()
  for (const file of files)
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue
      const q = JSON.parse(line) as ReferenceQuestion & { filing?: string }
      const id = q.filing ?? basename(file).replace(/\.jsonl$/, '')
      byFiling.set(id, [...(byFiling.get(id) ?? []), q])
    }
  return byFiling
}

const line = (name: string, s: CheckerScore) =>
  `${name.padEnd(26)} ${String(s.figures).padStart(3)} figures: ${s.printed} printed, ${s.computed} computed, ${s.falseNotVerified} false "not verified"; ${String(s.wrongChecked).padStart(3)} wrong: ${s.falseVerified} false "verified", ${s.falseComputed} false "computed"; ${s.otherRowChecked} other line items: ${s.otherRowVerified} verified\n`

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: cliArgs(),
    options: {
      json: { type: 'boolean', default: false },
      examples: { type: 'boolean', default: false },
      'filing-file': { type: 'string', multiple: true },
      questions: { type: 'string', multiple: true },
    },
  })
  const given = (values['filing-file'] ?? []).map((v) => parseFilingFile(v, process.cwd()))
  const readings = given.length ? given : devReadings()
  const questions = readQuestions(
    values.questions?.length
      ? values.questions
      : [...new Set(readings.map((r) => join(DATA, 'questions', `${r.id}.jsonl`)))].filter(existsSync),
  )
  const results: Record<string, CheckerScore> = {}
  for (const r of readings) {
    const qs = questions.get(r.id)
    if (!qs?.length) throw new UsageError(`no questions for ${r.id} (give --questions FILE)`)
    process.stderr.write(`${basename(r.file)}: reading…\n`)
    const pages = (await readPages(r.file)).pages
    const score = checkReferenceFigures(qs, new Map(pages.map((p) => [p.label, p])))
    results[basename(r.file)] = values.examples ? score : { ...score, examples: score.examples.slice(0, 5) }
  }
  const total = { ...addScores(Object.values(results)), examples: [] }
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ figures: { total, readings: results } }, null, 2)}\n`)
    return
  }
  for (const [name, s] of Object.entries(results)) {
    process.stdout.write(line(name, s))
    for (const e of s.examples) process.stdout.write(`    ${e}\n`)
  }
  process.stdout.write(line('all', total))
}

runCli('usage: pnpm eval:figures [--json] [--examples] [--filing-file ID=FILE]… [--questions FILE]…', main)
