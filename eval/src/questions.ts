/**
 * Question sets: the repo's S-1 format (printed page labels) and FinanceBench (zero-based physical
 * PDF pages), both read into one shape so every metric scores them the same way.
 */
import { readFileSync } from 'node:fs'
import { financeBenchFacts } from './financebench-facts'

export type QuestionKind = 'core' | 'hard' | 'negative'

/** One line of an S-1 question set (`eval/questions/<filing>.jsonl`). */
export interface S1Question {
  id: string
  filing: string
  question: string
  /** Printed page labels on which the answer is stated ([] for negatives). */
  gold_pages: string[]
  /** Short strings a correct answer contains, copied from the page text ([] for negatives). */
  gold_facts: string[]
  kind: QuestionKind
  /** A demo question of the filing registry (`filings.json`). */
  demo?: boolean
  answer?: string
}

/**
 * A question ready to score. `gold` says which page numbering the gold uses: printed labels
 * (matched against `chunk.pages`) or 1-based physical PDF pages (matched against `chunk.pdfPages`).
 */
export interface EvalQuestion {
  id: string
  filing: string
  question: string
  kind: QuestionKind
  demo: boolean
  gold: { by: 'label'; pages: string[] } | { by: 'pdf'; pages: number[] }
  facts: string[]
  /** Where it came from (file name), for per-set figures. */
  set: string
}

export class QuestionFileError extends Error {
  override name = 'QuestionFileError'
}

const KINDS = new Set<QuestionKind>(['core', 'hard', 'negative'])

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string')
}

/** Parses one S-1 question line; throws a message naming the line and the field at fault. */
export function parseS1Question(raw: unknown, where: string): S1Question {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new QuestionFileError(`${where}: not a JSON object`)
  const q = raw as Record<string, unknown>
  for (const key of ['id', 'filing', 'question'] as const) {
    if (typeof q[key] !== 'string' || (q[key] as string).length === 0)
      throw new QuestionFileError(`${where}: field "${key}" must be a non-empty string`)
  }
  for (const key of ['gold_pages', 'gold_facts'] as const) {
    if (!isStringArray(q[key]))
      throw new QuestionFileError(`${where}: field "${key}" must be an array of strings`)
  }
  if (!KINDS.has(q.kind as QuestionKind))
    throw new QuestionFileError(`${where}: field "kind" must be one of core, hard, negative`)
  if (q.kind !== 'negative' && (q.gold_pages as string[]).length === 0)
    throw new QuestionFileError(`${where}: a ${q.kind as string} question needs at least one gold page`)
  return q as unknown as S1Question
}

export function toEvalQuestion(q: S1Question, set: string): EvalQuestion {
  return {
    id: q.id,
    filing: q.filing,
    question: q.question,
    kind: q.kind,
    demo: q.demo === true,
    gold: { by: 'label', pages: q.gold_pages },
    facts: q.gold_facts,
    set,
  }
}

function jsonLines(text: string, file: string): { value: unknown; where: string }[] {
  const out: { value: unknown; where: string }[] = []
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return
    const where = `${file}:${i + 1}`
    try {
      out.push({ value: JSON.parse(line), where })
    } catch (err) {
      throw new QuestionFileError(`${where}: invalid JSON (${(err as Error).message})`)
    }
  })
  return out
}

export function parseS1Questions(text: string, file: string): EvalQuestion[] {
  const set = file.split(/[\\/]/).pop() ?? file
  const seen = new Set<string>()
  return jsonLines(text, file).map(({ value, where }) => {
    const q = parseS1Question(value, where)
    if (seen.has(q.id)) throw new QuestionFileError(`${where}: duplicate id "${q.id}"`)
    seen.add(q.id)
    return toEvalQuestion(q, set)
  })
}

export function readS1Questions(file: string): EvalQuestion[] {
  return parseS1Questions(readFileSync(file, 'utf8'), file)
}

/** One line of FinanceBench (`financebench_open_source.jsonl` and its dev subset). */
export interface FinanceBenchRecord {
  financebench_id: string
  doc_name: string
  question: string
  answer?: string
  evidence: {
    doc_name: string
    evidence_page_num: number
    evidence_text?: string
    evidence_text_full_page?: string
  }[]
}

/**
 * FinanceBench questions. Its `evidence_page_num` is a ZERO-based physical PDF page, while chunks
 * carry 1-based `pdfPages`: the gold page is `evidence_page_num + 1`. Evidence from another
 * document than the question's own is ignored (the question is asked of `doc_name` only).
 * `filing` is the document name (`3M_2022_10K`); `financeBenchFilingId` turns it into a store id.
 * Its facts are the answer's figures its evidence prints (financebench-facts.ts).
 */
export function parseFinanceBench(text: string, file: string): EvalQuestion[] {
  const set = file.split(/[\\/]/).pop() ?? file
  return jsonLines(text, file).map(({ value, where }) => {
    const r = value as Partial<FinanceBenchRecord>
    if (typeof r !== 'object' || r === null) throw new QuestionFileError(`${where}: not a JSON object`)
    if (
      typeof r.financebench_id !== 'string' ||
      typeof r.doc_name !== 'string' ||
      typeof r.question !== 'string'
    )
      throw new QuestionFileError(`${where}: needs financebench_id, doc_name and question`)
    if (!Array.isArray(r.evidence)) throw new QuestionFileError(`${where}: field "evidence" must be an array`)
    const pages = new Set<number>()
    for (const e of r.evidence) {
      if (typeof e?.evidence_page_num !== 'number' || !Number.isInteger(e.evidence_page_num))
        throw new QuestionFileError(`${where}: evidence_page_num must be an integer`)
      if (e.doc_name === undefined || e.doc_name === r.doc_name) pages.add(e.evidence_page_num + 1)
    }
    return {
      id: r.financebench_id,
      filing: r.doc_name,
      question: r.question,
      kind: pages.size === 0 ? 'negative' : 'core',
      demo: false,
      gold: { by: 'pdf', pages: [...pages].sort((a, b) => a - b) },
      facts: pages.size === 0 ? [] : financeBenchFacts(r as FinanceBenchRecord),
      set,
    } satisfies EvalQuestion
  })
}

export function readFinanceBench(file: string): EvalQuestion[] {
  return parseFinanceBench(readFileSync(file, 'utf8'), file)
}

/** A FinanceBench document name as a filing id the registry and stores accept (`3m-2022-10k`). */
export function financeBenchFilingId(docName: string): string {
  const id = docName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `fb-${id}`.slice(0, 63)
}
