/**
 * The core battery (issue 14, `eval/questions/core/`): which filings and question files it runs, the
 * `pnpm eval` command line that runs them, and what each answer did, read from that run's report.
 * Pure apart from reading the question files; `eval-core.ts` is the command.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ROOT_DIR } from '@asks1/shared/config'
import type { FilingRegistry } from '@asks1/shared/filings-loader'
import type { AnswerSummary } from './metrics'
import { factFound, firstQuote } from './metrics'
import { CHECK_FILINGS, groupOfSet } from './plan'
import type { QuestionDetail } from './report'

export const CORE_DIR = resolve(ROOT_DIR, 'eval/questions/core')

export interface CoreFiling {
  id: string
  /** The file `pnpm eval` ingests for it: the registry's source, or the check filing beside the repo. */
  file: string
  questions: string
  group: 'tuning-core' | 'check-core'
}

/** Tuning filings come from the registry (as the default `pnpm eval` ingests them), check filings from `<shared>/filings`. */
export function coreFilings(registry: FilingRegistry, sharedData: string): CoreFiling[] {
  const out: CoreFiling[] = []
  for (const f of registry.filings) {
    const questions = join(CORE_DIR, `${f.id}.jsonl`)
    if (existsSync(questions)) out.push({ id: f.id, file: f.sourcePath, questions, group: 'tuning-core' })
  }
  for (const f of CHECK_FILINGS)
    out.push({
      id: f.id,
      file: join(sharedData, 'filings', f.file),
      questions: join(CORE_DIR, `${f.id}.jsonl`),
      group: 'check-core',
    })
  // The eval's own grouping decides tuning vs check: the two must agree.
  for (const f of out)
    if (`${groupOfSet(`${f.id}.jsonl`)}-core` !== f.group) throw new Error(`core: ${f.id} is in no group`)
  return out
}

/** The `pnpm eval` options that run the battery: the filings' files and the core question files only. */
export function evalArgv(filings: readonly CoreFiling[], out: string): string[] {
  return [
    ...filings.flatMap((f) => ['--filing-file', `${f.id}=${f.file}`]),
    ...filings.flatMap((f) => ['--questions', f.questions]),
    '--out',
    out,
    '--json',
  ]
}

export interface CoreQuestion {
  id: string
  filing: string
  template: string
  kind: 'core' | 'hard' | 'negative'
  gold_pages: string[]
  gold_facts: string[]
}

export function readCoreQuestions(file: string): CoreQuestion[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as CoreQuestion)
}

/**
 * What an answer did. `first`: its first quote cites a gold page and holds every gold fact;
 * `later`: the answer holds every fact and cites a gold page, but not in its first quote; `wrong`:
 * it answers without both; `refused`: it declines an answerable question. Negatives: `neg-refused`
 * (right) or `neg-answered`.
 */
export type Outcome = 'first' | 'later' | 'wrong' | 'refused' | 'neg-refused' | 'neg-answered'
export const OUTCOME_LABEL: Record<Outcome, string> = {
  first: 'right, first quote',
  later: 'right, not first',
  wrong: 'wrong',
  refused: 'refused',
  'neg-refused': 'negative refused',
  'neg-answered': 'negative answered',
}

export function outcomeOf(q: CoreQuestion, answer: NonNullable<QuestionDetail['answer']>): Outcome {
  if (q.kind === 'negative') return answer.refused ? 'neg-refused' : 'neg-answered'
  if (answer.refused) return 'refused'
  const right = answer.facts_missing.length === 0 && answer.gold_cited > 0
  if (!right) return 'wrong'
  // Reports written before `first_quote_facts` existed: the (600-character) text's first quote.
  const inFirst =
    answer.first_quote_facts ?? q.gold_facts.filter((f) => factFound(firstQuote(answer.text), f))
  const firstRight = q.gold_pages.includes(answer.cited[0] ?? '') && inFirst.length === q.gold_facts.length
  return firstRight ? 'first' : 'later'
}

export interface CoreResult {
  id: string
  filing: string
  template: string
  outcome: Outcome
  cited: string[]
}

/** Per question, joined with its template through the id. Questions the run skipped are left out. */
export function coreResults(
  questions: readonly CoreQuestion[],
  details: readonly QuestionDetail[],
): CoreResult[] {
  const byId = new Map(details.map((d) => [d.id, d]))
  return questions.flatMap((q) => {
    const answer = byId.get(q.id)?.answer
    if (!answer) return []
    return [
      {
        id: q.id,
        filing: q.filing,
        template: q.template,
        outcome: outcomeOf(q, answer),
        cited: answer.cited,
      },
    ]
  })
}

const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? '–' : `${(x * 100).toFixed(1)}%`

/** The five figures side by side, tuning-core against check-core. */
export function groupsTable(groups: Record<string, AnswerSummary | undefined>): string {
  const names = Object.keys(groups)
  const row = (label: string, f: (s: AnswerSummary) => string) =>
    `| ${label} | ${names.map((n) => (groups[n] ? f(groups[n] as AnswerSummary) : '–')).join(' | ')} |`
  return [
    `| metric | ${names.join(' | ')} |`,
    `|---|${names.map(() => '---').join('|')}|`,
    row('questions', (s) => String(s.n)),
    row('facts found (answerable)', (s) => pct(s.facts_recall)),
    row('citation page precision', (s) => pct(s.citation_page_precision)),
    row('answers citing a gold page', (s) => pct(s.citation_recall_any)),
    row('negatives refused', (s) => pct(s.refusal_accuracy)),
    row('answerable refused', (s) => pct(s.false_refusal_rate)),
  ].join('\n')
}

const SHORT: Record<Outcome, string> = {
  first: 'first',
  later: 'later',
  wrong: 'WRONG',
  refused: 'REFUSED',
  'neg-refused': 'neg ok',
  'neg-answered': 'NEG ANSWERED',
}

/**
 * One row per template: each wording's outcome per filing (`first / REFUSED`: the formal wording
 * right in its first quote, the everyday one refused); `n/a` where the template is not asked.
 */
export function templateTable(
  templates: readonly { id: string; item: string; topic?: string }[],
  filings: readonly string[],
  results: readonly CoreResult[],
): string {
  const lines = [
    `| template | item | ${filings.join(' | ')} |`,
    `|---|---|${filings.map(() => '---').join('|')}|`,
  ]
  for (const t of templates) {
    const cells = filings.map((f) => {
      const rs = results.filter((r) => r.template === t.id && r.filing === f)
      return rs.length === 0 ? 'n/a' : rs.map((r) => SHORT[r.outcome]).join(' / ')
    })
    lines.push(`| ${t.id} ${t.topic ?? ''} | ${t.item} | ${cells.join(' | ')} |`)
  }
  return lines.join('\n')
}

/** Outcome counts per group. */
export function outcomeCounts(
  results: readonly CoreResult[],
  groupOf: (filing: string) => string,
): Record<string, Record<Outcome, number>> {
  const out: Record<string, Record<Outcome, number>> = {}
  for (const r of results) {
    const g = groupOf(r.filing)
    out[g] ??= { first: 0, later: 0, wrong: 0, refused: 0, 'neg-refused': 0, 'neg-answered': 0 }
    out[g][r.outcome] += 1
  }
  return out
}
