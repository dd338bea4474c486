/**
 * `pnpm eval:retrieval`: recall@5, recall@10 and MRR by gold page, keyword-only and (with a model)
 * hybrid, on filings ingested into a scratch data directory. See RETRIEVAL_USAGE for the interface;
 * with --json, standard output carries only `{"retrieval": {...}}` and progress goes to stderr.
 */
import { resolve } from 'node:path'
import { loadBaseConfig, ROOT_DIR } from '@asks1/shared/config'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { parseRetrievalArgs, RETRIEVAL_USAGE } from './args'
import { assertInputsExist, cliArgs, runCli } from './cli'
import { defaultCheckSets, defaultFinanceBench, planRun } from './plan'
import { groupsMarkdown, retrievalMarkdown } from './report'

async function main(): Promise<void> {
  const args = parseRetrievalArgs(cliArgs())
  if (args.help) {
    process.stdout.write(`${RETRIEVAL_USAGE}\n`)
    return
  }
  assertInputsExist(args.filingFiles, [...args.questions, args.financebench, args.pdfs])
  // Loaded after the arguments parse: a usage error answers at once, without loading the model runtime.
  const { evaluateRetrieval, prepare, sharedDataDir, stderrLog } = await import('./runner')
  const registry = loadRegistry(loadBaseConfig().FILINGS_CONFIG)
  const financebench =
    args.financebench !== null && args.pdfs !== null
      ? { questions: args.financebench, pdfs: args.pdfs }
      : args.defaults
        ? defaultFinanceBench(sharedDataDir())
        : null
  const plan = planRun(
    {
      filingFiles: args.filingFiles,
      questions: args.questions,
      financebench,
      defaults: args.defaults,
      // With no arguments the check sets are measured beside the tuning sets.
      ...(args.defaults ? { extra: defaultCheckSets(sharedDataDir()) } : {}),
    },
    { registry, questionsDir: resolve(ROOT_DIR, 'eval/questions') },
  )
  for (const note of plan.notes) stderrLog(`note: ${note}`)
  if (plan.questions.length === 0) stderrLog('warning: no questions to run')
  const ctx = await prepare(plan, { keep: args.keep })
  try {
    const { block } = await evaluateRetrieval(ctx, plan.questions)
    if (args.json) process.stdout.write(`${JSON.stringify({ retrieval: block }, null, 2)}\n`)
    else {
      const groups = groupsMarkdown(block)
      if (groups) process.stdout.write(`Tuning and check sets side by side:\n\n${groups}\n\n`)
      process.stdout.write(`${retrievalMarkdown(block)}\n`)
      if (block.model)
        process.stdout.write(`\nHybrid = BM25 + dense vectors of ${block.model}, fused by RRF\n`)
      if (ctx.embedder.status !== 'ready')
        process.stdout.write(`\nHybrid not run: ${ctx.embedder.reason ?? 'no embedding model'}\n`)
    }
  } finally {
    await ctx.close()
  }
}

runCli(RETRIEVAL_USAGE, main)
