/**
 * `pnpm eval`: the whole system against ground truth. Ingests the filings into a scratch data
 * directory (page accuracy where ground truth exists), scores retrieval like `eval:retrieval`, then
 * asks every question through the real server in-process and scores the answers. Writes
 * `report.json` and `report.md` into `--out` (default the git-ignored `eval/out/`, so a run on other
 * data never overwrites a committed file; `eval/baseline.json` is the committed run); `--json` prints only
 * `{"retrieval": {...}, "answers": {...}}`; `--compare <baseline.json>` prints the deltas.
 * `--financebench F --pdfs DIR` adds FinanceBench (its own group); with no arguments the run stays
 * the bundled tuning sets, whose pooled figures the headline and `--compare` read.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadBaseConfig, ROOT_DIR } from '@asks1/shared/config'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { evaluateAnswers } from './answers'
import { EVAL_USAGE, parseEvalArgs, UsageError } from './args'
import { assertInputsExist, cliArgs, runCli } from './cli'
import { compareReports, formatDeltas } from './compare'
import { planRun } from './plan'
import { type EvalReport, reportMarkdown } from './report'
import { evaluateRetrieval, prepare, stderrLog } from './runner'

async function main(): Promise<void> {
  const args = parseEvalArgs(cliArgs(), process.cwd(), resolve(ROOT_DIR, 'eval/out'))
  if (args.help) {
    process.stdout.write(`${EVAL_USAGE}\n`)
    return
  }
  assertInputsExist(args.filingFiles, [...args.questions, args.financebench, args.pdfs])
  let baseline: unknown = null
  if (args.compare) {
    try {
      baseline = JSON.parse(readFileSync(args.compare, 'utf8'))
    } catch (err) {
      throw new UsageError(`--compare: cannot read ${args.compare}: ${(err as Error).message}`)
    }
  }
  const registry = loadRegistry(loadBaseConfig().FILINGS_CONFIG)
  const plan = planRun(
    {
      filingFiles: args.filingFiles,
      questions: args.questions,
      financebench:
        args.financebench !== null && args.pdfs !== null
          ? { questions: args.financebench, pdfs: args.pdfs }
          : null,
      defaults: args.defaults,
    },
    { registry, questionsDir: resolve(ROOT_DIR, 'eval/questions') },
  )
  for (const note of plan.notes) stderrLog(`note: ${note}`)
  const ctx = await prepare(plan, { keep: args.keep })
  let report: EvalReport
  try {
    const retrieval = await evaluateRetrieval(ctx, plan.questions)
    const answers = await evaluateAnswers(ctx, plan.questions, { details: retrieval.details })
    report = {
      generated_at: new Date().toISOString(),
      answer_mode: answers.mode,
      ...(answers.model ? { llm_model: answers.model } : {}),
      store: ctx.store.kind,
      embedder: {
        status: ctx.embedder.status,
        model: ctx.embedder.model,
        ...(ctx.embedder.reason ? { reason: ctx.embedder.reason } : {}),
      },
      retrieval: retrieval.block,
      answers: { ...answers.summary, by_group: answers.byGroup, by_set: answers.bySet },
      answers_by_kind: answers.byKind,
      pages: ctx.pages,
      ingest: ctx.ingest,
      questions: retrieval.details,
    }
  } finally {
    await ctx.close()
  }
  mkdirSync(args.out, { recursive: true })
  const jsonPath = join(args.out, 'report.json')
  const mdPath = join(args.out, 'report.md')
  writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`)
  writeFileSync(mdPath, `${reportMarkdown(report)}\n`)
  stderrLog(`wrote ${jsonPath} and ${mdPath}`)
  const deltas = baseline === null ? null : formatDeltas(compareReports(report, baseline))
  if (args.json) {
    process.stdout.write(
      `${JSON.stringify({ retrieval: report.retrieval, answers: report.answers }, null, 2)}\n`,
    )
    // stdout carries only the report; the comparison goes to stderr
    if (deltas) stderrLog(`\nCompared with ${args.compare}:\n${deltas}`)
  } else {
    process.stdout.write(`${reportMarkdown(report)}\n`)
    if (deltas) process.stdout.write(`\n## Compared with ${args.compare}\n\n${deltas}\n`)
  }
}

runCli(EVAL_USAGE, main)
