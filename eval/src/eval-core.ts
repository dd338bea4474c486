/**
 * `pnpm eval:core`: the core battery (issue 14) — `pnpm eval` run with the four filings and the
 * `eval/questions/core/` sets only (its options, not a copy of its logic), then tuning-core and
 * check-core side by side and what every template's instances did. `--json` prints
 * `{"groups", "outcomes", "questions"}`; `--out DIR` keeps the eval's report.json/report.md there.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadBaseConfig, ROOT_DIR } from '@asks1/shared/config'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { UsageError } from './args'
import { cliArgs, runCli } from './cli'
import {
  CORE_DIR,
  coreFilings,
  coreResults,
  evalArgv,
  groupsTable,
  OUTCOME_LABEL,
  outcomeCounts,
  readCoreQuestions,
  templateTable,
} from './core'
import type { EvalReport } from './report'
import { sharedDataDir, stderrLog } from './runner'

const USAGE = `Usage:
  pnpm eval:core [--json] [--out <dir>]
Runs \`pnpm eval\` on facebook-s1, pandora-s1 (tuning-core) and camp4-424b4, twitter-10k-2013
(check-core) with the questions of eval/questions/core/ only, and prints the two groups side by side
and each template's outcome per filing.
Options:
  --json       standard output is only the JSON result
  --out <dir>  where the eval writes report.json and report.md (default: eval/out/core, git-ignored)`

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: cliArgs(),
    options: {
      json: { type: 'boolean', default: false },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const out = resolve(process.cwd(), values.out ?? resolve(ROOT_DIR, 'eval/out/core'))
  const registry = loadRegistry(loadBaseConfig().FILINGS_CONFIG)
  const all = coreFilings(registry, sharedDataDir())
  const filings = all.filter((f) => existsSync(f.file) && existsSync(f.questions))
  for (const f of all) if (!filings.includes(f)) stderrLog(`note: ${f.id} skipped (${f.file} not found)`)
  if (filings.length === 0) throw new UsageError('no core filing is present')

  // The eval itself, as a user runs it: its progress goes to our stderr, its JSON is not needed.
  const run = spawnSync('pnpm', ['-s', 'eval', ...evalArgv(filings, out)], {
    cwd: ROOT_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (run.status !== 0) throw new Error(`pnpm eval exited with ${run.status ?? run.signal}`)
  const report = JSON.parse(readFileSync(resolve(out, 'report.json'), 'utf8')) as EvalReport & {
    answers: { by_group?: Record<string, NonNullable<EvalReport['answers']>> }
  }

  const byGroup = report.answers?.by_group ?? {}
  const groups = { 'tuning-core': byGroup.tuning, 'check-core': byGroup.check }
  const questions = filings.flatMap((f) => readCoreQuestions(f.questions))
  const results = coreResults(questions, report.questions)
  const groupOf = (id: string) => filings.find((f) => f.id === id)?.group ?? 'other'
  const counts = outcomeCounts(results, groupOf)
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ groups, outcomes: counts, questions: results }, null, 2)}\n`)
    return
  }
  const templates = JSON.parse(readFileSync(resolve(CORE_DIR, 'templates.json'), 'utf8')) as {
    templates: { id: string; item: string; topic?: string }[]
    negatives: { id: string; item: string }[]
  }
  const countRows = Object.entries(counts).map(
    ([g, c]) =>
      `| ${g} | ${Object.entries(c)
        .map(([k, n]) => `${OUTCOME_LABEL[k as keyof typeof c]} ${n}`)
        .join(', ')} |`,
  )
  process.stdout.write(
    [
      `Core battery (${report.answer_mode ?? 'no'} answers), tuning-core beside check-core:`,
      '',
      groupsTable(groups),
      '',
      '| group | outcomes |',
      '|---|---|',
      ...countRows,
      '',
      'Per template (formal / everyday wording):',
      '',
      templateTable(
        [...templates.templates, ...templates.negatives],
        filings.map((f) => f.id),
        results,
      ),
      '',
      `Full report: ${resolve(out, 'report.md')}`,
      '',
    ].join('\n'),
  )
}

runCli(USAGE, main)
