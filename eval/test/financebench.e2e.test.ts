/**
 * FinanceBench answers end to end: a real 10-K of the dev subset (Best Buy's, the smallest) through
 * the real ingest into a scratch store and the real server, its physical-page gold turned into the
 * printed labels citations use. The PDFs are shared data beside the repository (../shared), not in a
 * plain clone: without them the suite is skipped.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateAnswers } from '../src/answers'
import { type Plan, planRun } from '../src/plan'
import { prepare, type RunContext } from '../src/runner'

const ROOT = resolve(import.meta.dirname, '../..')
const FB = resolve(ROOT, '../shared/data/evals/financebench')
const DEV = join(FB, 'financebench_dev.jsonl')
const PDFS = join(FB, 'pdfs')
// Best Buy FY2023: "which activities brought in the most cash flow?", evidence on zero-based page 41.
const ID = 'financebench_id_01275'
const present = existsSync(DEV) && existsSync(join(PDFS, 'BESTBUY_2023_10K.pdf'))
const tmp = mkdtempSync(join(tmpdir(), 'asks1-eval-fb-'))
const questionsFile = join(tmp, 'financebench-one.jsonl')
const quiet = () => {}
const noModel = { MODELS_DIR: join(tmp, 'no-models'), LOG_LEVEL: 'silent' }

let ctx: RunContext | undefined
let plan: Plan | undefined
let evidence = ''

beforeAll(async () => {
  if (!present) return
  const line = readFileSync(DEV, 'utf8')
    .split('\n')
    .find((l) => l.includes(`"${ID}"`)) as string
  evidence = (JSON.parse(line) as { evidence: { evidence_text: string }[] }).evidence[0]?.evidence_text ?? ''
  writeFileSync(questionsFile, `${line}\n`)
  plan = planRun(
    {
      filingFiles: [],
      questions: [],
      financebench: { questions: questionsFile, pdfs: PDFS },
      defaults: false,
    },
    { registry: loadRegistry(resolve(ROOT, 'filings.json')), questionsDir: resolve(ROOT, 'eval/questions') },
  )
  ctx = await prepare(plan, { env: noModel, log: quiet })
}, 120_000)

afterAll(async () => {
  await ctx?.close()
  rmSync(tmp, { recursive: true, force: true })
})

describe.skipIf(!present)('FinanceBench answers (skipped without ../shared/data)', () => {
  it('scores citations against the printed page that holds the evidence', async () => {
    const c = ctx as RunContext
    const run = await evaluateAnswers(c, (plan as Plan).questions, {
      env: { LOG_LEVEL: 'silent' },
      log: quiet,
    })
    expect(run.outcomes).toHaveLength(1)
    const gold = run.outcomes[0]?.goldPages ?? []
    // zero-based page 41 is the 42nd PDF page, printed "42": the cash flow statement
    expect(gold).toEqual(['42'])
    const page = await c.store.getPage('fb-bestbuy-2023-10k', '42')
    expect(page?.text).toContain((evidence.split('\n')[0] ?? '').trim())
    expect(run.byGroup.financebench).toMatchObject({ n: 1, errors: 0, refusal_accuracy: null })
    expect(Object.keys(run.byGroup)).toEqual(['financebench'])
  })

  it('pnpm eval --financebench --pdfs --json reports the financebench group', () => {
    const out = join(tmp, 'out')
    const r = spawnSync(
      resolve(ROOT, 'node_modules/.bin/tsx'),
      [
        resolve(ROOT, 'eval/src/eval.ts'),
        '--financebench',
        questionsFile,
        '--pdfs',
        PDFS,
        '--out',
        out,
        '--json',
      ],
      { encoding: 'utf8', env: { ...process.env, ...noModel }, timeout: 90_000 },
    )
    expect(r.status, r.stderr).toBe(0)
    const report = JSON.parse(r.stdout) as {
      retrieval: { n: number }
      answers: { n: number; facts_questions: number; by_group: Record<string, { n: number }> }
    }
    expect(Object.keys(report)).toEqual(['retrieval', 'answers'])
    expect(report.retrieval.n).toBe(1)
    expect(report.answers).toMatchObject({ n: 1, facts_questions: 0 })
    expect(Object.keys(report.answers.by_group)).toEqual(['financebench'])
    expect(existsSync(join(out, 'report.md'))).toBe(true)
  }, 120_000)
})
