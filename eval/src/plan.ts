/**
 * What an evaluation run ingests and asks, decided from the arguments before anything runs:
 * the filings (id → file) and the questions, with every question tied to a filing id.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { FilingRegistry } from '@asks1/shared/filings-loader'
import type { FilingFile } from './args'
import { type EvalQuestion, financeBenchFilingId, readFinanceBench, readS1Questions } from './questions'
import type { ScratchFiling } from './scratch'

export interface Plan {
  filings: ScratchFiling[]
  questions: EvalQuestion[]
  /** Human-readable notes for stderr (defaults taken, files missing). */
  notes: string[]
}

export interface PlanInput {
  filingFiles: FilingFile[]
  questions: string[]
  financebench?: { questions: string; pdfs: string } | null
  /** Use the bundled filings and their question sets (no arguments given). */
  defaults: boolean
  /** Further filings and question sets measured beside the rest (the default check sets). */
  extra?: { filingFiles: FilingFile[]; questions: string[] }
}

export interface PlanContext {
  registry: FilingRegistry
  /** `eval/questions`: `<id>.jsonl` per bundled filing. */
  questionsDir: string
  exists?: (path: string) => boolean
}

/** The FinanceBench dev subset shipped beside the repo, when present. */
export function defaultFinanceBench(
  sharedData: string,
  exists = existsSync,
): { questions: string; pdfs: string } | null {
  const questions = join(sharedData, 'evals/financebench/financebench_dev.jsonl')
  const pdfs = join(sharedData, 'evals/financebench/pdfs')
  return exists(questions) && exists(pdfs) ? { questions, pdfs } : null
}

/**
 * Which group a question set belongs to. Tuning sets may be looked at while developing; check sets
 * are only measured (a change that lifts tuning but not check is overfitting).
 */
export const TUNING_SETS: readonly string[] = ['facebook-s1.jsonl', 'pandora-s1.jsonl']
export type SetGroup = 'tuning' | 'check' | 'financebench'
/** FinanceBench is a check set too, reported apart: its gold is PDF pages of 10-Ks and 8-Ks. */
export const groupOfSet = (set: string): SetGroup =>
  TUNING_SETS.includes(set) ? 'tuning' : set.startsWith('financebench') ? 'financebench' : 'check'

/** The check filings kept beside the repo (`<shared>/questions/<id>.jsonl` with `<shared>/filings/`). */
export const CHECK_FILINGS: readonly { id: string; file: string }[] = [
  { id: 'camp4-424b4', file: 'camp4-424b4.html' },
  { id: 'twitter-10k-2013', file: 'twitter-10k-2013.pdf' },
]

/** The check sets present beside the repo: filing files and their question files. */
export function defaultCheckSets(
  sharedData: string,
  exists = existsSync,
): { filingFiles: FilingFile[]; questions: string[] } {
  const filingFiles: FilingFile[] = []
  const questions: string[] = []
  for (const f of CHECK_FILINGS) {
    const file = join(sharedData, 'filings', f.file)
    const q = join(sharedData, 'questions', `${f.id}.jsonl`)
    if (exists(file) && exists(q)) {
      filingFiles.push({ id: f.id, file })
      questions.push(q)
    }
  }
  return { filingFiles, questions }
}

export function planRun(input: PlanInput, ctx: PlanContext): Plan {
  const exists = ctx.exists ?? existsSync
  const notes: string[] = []
  const filings = new Map<string, ScratchFiling>()
  const questions: EvalQuestion[] = []
  const addRegistered = (id: string): boolean => {
    if (filings.has(id)) return true
    const entry = ctx.registry.get(id)
    if (!entry) return false
    filings.set(id, { id, file: entry.sourcePath, entry })
    return true
  }

  for (const f of input.filingFiles)
    filings.set(f.id, { id: f.id, file: f.file, entry: ctx.registry.get(f.id) })

  const questionFiles = [...input.questions]
  if (questionFiles.length === 0) {
    // Each filing's own set: the bundled filings by default, or those named with --filing-file.
    const ids = input.defaults ? ctx.registry.filings.map((f) => f.id) : input.filingFiles.map((f) => f.id)
    for (const id of ids) {
      const file = join(ctx.questionsDir, `${id}.jsonl`)
      if (exists(file)) questionFiles.push(file)
      else notes.push(`no question set for ${id} (${file})`)
    }
    if (input.defaults) for (const f of ctx.registry.filings) addRegistered(f.id)
  }
  for (const f of input.extra?.filingFiles ?? [])
    if (!filings.has(f.id)) filings.set(f.id, { id: f.id, file: f.file })
  questionFiles.push(...(input.extra?.questions ?? []))
  for (const file of questionFiles) questions.push(...readS1Questions(file))

  if (input.financebench) {
    const { questions: fbFile, pdfs } = input.financebench
    for (const q of readFinanceBench(fbFile)) {
      const id = financeBenchFilingId(q.filing)
      const pdf = join(pdfs, `${q.filing}.pdf`)
      if (!filings.has(id) && exists(pdf))
        filings.set(id, { id, file: pdf, ...(q.company ? { company: q.company } : {}) })
      questions.push({ ...q, filing: id })
    }
  }

  // Questions about registered filings that were not named: ingest the registry's file.
  for (const q of questions) {
    if (!filings.has(q.filing) && !addRegistered(q.filing) && !notes.some((n) => n.includes(`"${q.filing}"`)))
      notes.push(`filing "${q.filing}" has no file: its questions are skipped`)
  }
  return { filings: [...filings.values()], questions, notes }
}
