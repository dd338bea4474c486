/**
 * End to end on a real bundled filing (the Pandora S-1 HTML): the real ingest pipeline into a
 * scratch SQLite store, keyword and hybrid retrieval (hybrid on the generated tiny BERT model, so
 * transformers.js's real code runs), page accuracy against the shared ground truth, and answers
 * through the real server: extractive, and llm mode against the server's LOCAL FAKE of the
 * Messages API (the one thing that cannot run here), whose reported usage the evaluation must read.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type FakeAnthropic, startFakeAnthropic } from '@asks1/server/testing/fake-anthropic'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { ensureTestModel } from '@asks1/shared/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerable, evaluateAnswers } from '../src/answers'
import { planRun } from '../src/plan'
import { readS1Questions } from '../src/questions'
import { evaluateRetrieval, prepare, type RunContext } from '../src/runner'

const ROOT = resolve(import.meta.dirname, '../..')
const FILE = resolve(ROOT, 'samples/pandora-s1.htm')
const GT = resolve(ROOT, '../shared/data/groundtruth')
const tmp = mkdtempSync(join(tmpdir(), 'asks1-eval-e2e-'))
const questionsFile = join(tmp, 'pandora-few.jsonl')
// Two questions keyword search ranks first in this filing, and one negative control.
const IDS = ['pandora-s1-08', 'pandora-s1-19', 'pandora-s1-26']
const quiet = () => {}

let ctx: RunContext
let fake: FakeAnthropic
let keywordMrr: number | null = null

beforeAll(async () => {
  const lines = readFileSync(resolve(ROOT, 'eval/questions/pandora-s1.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => IDS.some((id) => l.includes(`"${id}"`)))
  writeFileSync(questionsFile, `${lines.join('\n')}\n`)
  const tm = await ensureTestModel()
  const registry = loadRegistry(resolve(ROOT, 'filings.json'))
  const plan = planRun(
    { filingFiles: [{ id: 'pandora-s1', file: FILE }], questions: [questionsFile], defaults: false },
    { registry, questionsDir: resolve(ROOT, 'eval/questions') },
  )
  ctx = await prepare(plan, {
    env: { MODELS_DIR: tm.modelsDir, EMBEDDING_MODEL: tm.model, LOG_LEVEL: 'silent' },
    groundTruthDir: GT,
    log: quiet,
  })
  fake = await startFakeAnthropic()
}, 120_000)

afterAll(async () => {
  await ctx?.close()
  await fake?.close()
  rmSync(tmp, { recursive: true, force: true })
})

describe('evaluation on the real Pandora S-1', () => {
  it('ingests into a scratch store', () => {
    expect(ctx.available).toEqual(new Set(['pandora-s1']))
    expect(ctx.ingest[0]).toMatchObject({ filing: 'pandora-s1', file: 'samples/pandora-s1.htm' })
    expect(ctx.ingest[0]?.chunks).toBeGreaterThan(100)
    expect(ctx.config.DATA_DIR.startsWith(ctx.scratch.dir)).toBe(true)
  })

  // The full ground truth is shared data beside the repository (../shared), not in a plain clone.
  it.skipIf(!existsSync(join(GT, 'pandora-s1.jsonl')))(
    'measures page accuracy against the shared ground truth (skipped without ../shared/data)',
    () => {
      expect(ctx.pages[0]?.sentences).toBeGreaterThan(400)
      expect(ctx.pages[0]?.accuracy).toBeGreaterThan(0.99)
    },
  )

  it('scores keyword and hybrid retrieval by printed page, beside plain BM25', async () => {
    const questions = readS1Questions(questionsFile)
    const { block, details } = await evaluateRetrieval(ctx, questions, quiet)
    expect(Object.keys(block.by_mode)).toEqual(['keyword', 'hybrid', 'baseline'])
    // The baseline ranks the same stored chunks; it is a yardstick, so no latency of its own.
    expect(block.by_mode.baseline?.n).toBe(2)
    expect(block.latency_ms?.baseline).toBeUndefined()
    expect(block.mode).toBe('hybrid')
    expect(block.model).toBe('asks1/tiny-bert-test')
    expect(block.by_mode.keyword).toMatchObject({ n: 2, skipped: 0, 'recall@5': 1, 'recall@10': 1 })
    expect(block.by_mode.hybrid?.n).toBe(2)
    // MRR is the mean reciprocal gold rank of the answerable questions' details
    const ranks = details.filter((d) => d.kind !== 'negative').map((d) => d.rank.keyword as number)
    expect(ranks.every((r) => r >= 1 && r <= 5)).toBe(true)
    expect(block.by_mode.keyword?.mrr).toBeCloseTo(ranks.reduce((a, r) => a + 1 / r, 0) / ranks.length, 4)
    keywordMrr = block.by_mode.keyword?.mrr ?? null
    expect(details.find((d) => d.id === 'pandora-s1-26')?.rank.keyword).toBeNull()
    expect(block.latency_ms?.keyword?.p50).toBeGreaterThan(0)
  })

  it('answers through the real server in extractive mode', async () => {
    const questions = readS1Questions(questionsFile)
    const run = await evaluateAnswers(ctx, questions, { env: { LOG_LEVEL: 'silent' }, log: quiet })
    expect(run.mode).toBe('extractive')
    expect(run.summary.n).toBe(3)
    expect(run.summary.errors).toBe(0)
    expect(run.outcomes.every((o) => o.answer.length > 0)).toBe(true)
    expect(run.summary.citations_verified).not.toBeNull()
    expect(run.summary.latency_ms.p50).toBeGreaterThan(0)
    expect(run.summary.tokens).toBeUndefined()
  })

  it('reads tokens from the Messages API stream in llm mode and prices them', async () => {
    fake.fallback = {
      kind: 'text',
      text: "Pandora's chief executive is Joseph Kennedy [p.80].",
      chunks: 3,
      firstDelayMs: 150,
      delayMs: 20,
    }
    const questions = readS1Questions(questionsFile).filter((q) => q.id === 'pandora-s1-08')
    const run = await evaluateAnswers(ctx, questions, {
      env: {
        LOG_LEVEL: 'silent',
        ANTHROPIC_API_KEY: 'test-key',
        ANTHROPIC_BASE_URL: fake.url,
        ANTHROPIC_MODEL: 'claude-haiku-4-5',
      },
      log: quiet,
    })
    expect(run).toMatchObject({ mode: 'llm', model: 'claude-haiku-4-5' })
    expect(fake.requests).toHaveLength(1)
    const body = fake.requests[0]?.body
    // What the fake reports in message_start / message_delta (see server/testing/fake-anthropic.ts).
    const input = JSON.stringify(body).length >> 2
    const output = "Pandora's chief executive is Joseph Kennedy [p.80].".length >> 2
    expect(run.summary.tokens).toEqual({ input_per_answer: input, output_per_answer: output })
    expect(run.summary.cost_usd_per_answer).toBeCloseTo((input * 1 + output * 5) / 1e6, 6)
    expect(run.summary).toMatchObject({ facts_recall: 1, citation_page_precision: 1 })
    // the fake waits 150 ms before its first text: the model stage's time is measured, not guessed
    const llm = run.summary.llm_latency_ms
    expect(llm?.first_text.p50).toBeGreaterThanOrEqual(140)
    expect(llm?.stream.p50).toBeGreaterThanOrEqual(llm?.first_text.p50 as number)
    expect(run.summary.latency_ms.p50).toBeGreaterThanOrEqual(llm?.stream.p50 as number)
  })

  it('only questions of ingested filings are answered', () => {
    const qs = readS1Questions(questionsFile)
    expect(answerable(qs, new Set(['other']))).toEqual([])
    expect(answerable(qs, ctx.available)).toHaveLength(3)
  })
})

describe('the eval:retrieval command', () => {
  it('--json prints only the JSON report on stdout, progress on stderr', () => {
    const r = spawnSync(
      resolve(ROOT, 'node_modules/.bin/tsx'),
      [
        resolve(ROOT, 'eval/src/eval-retrieval.ts'),
        '--filing-file',
        `pandora-s1=${FILE}`,
        '--questions',
        questionsFile,
        '--json',
      ],
      { encoding: 'utf8', env: { ...process.env, MODELS_DIR: join(tmp, 'no-models') }, timeout: 60_000 },
    )
    expect(r.status, r.stderr).toBe(0)
    const report = JSON.parse(r.stdout) as { retrieval: Record<string, unknown> }
    expect(Object.keys(report)).toEqual(['retrieval'])
    expect(report.retrieval).toMatchObject({
      n: 2,
      'recall@5': 1,
      'recall@10': 1,
      skipped: 0,
      mode: 'keyword',
    })
    // the same pipeline as the in-process run above, so the same ranking
    if (keywordMrr !== null) expect(report.retrieval.mrr).toBe(keywordMrr)
    expect(r.stderr).toContain('ingest pandora-s1')
  }, 90_000)

  it('a usage error exits 2 with the usage', () => {
    const r = spawnSync(
      resolve(ROOT, 'node_modules/.bin/tsx'),
      [resolve(ROOT, 'eval/src/eval-retrieval.ts'), '--pdfs', 'x'],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    )
    expect(r.status).toBe(2)
    expect(r.stderr).toContain('--financebench and --pdfs go together')
    expect(r.stdout).toBe('')
  }, 60_000)
})
