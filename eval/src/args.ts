/**
 * Command-line parsing for `pnpm eval`, `pnpm eval:retrieval` and `pnpm bench:retrieval`. Pure:
 * takes argv, returns options or throws a UsageError whose message the CLI prints.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'

export class UsageError extends Error {
  override name = 'UsageError'
}

export interface FilingFile {
  id: string
  file: string
}

// The registry's own id rule (shared/src/contract/filings.ts), so a scratch registry entry is valid.
const FILING_ID_RE = /^[a-z0-9][a-z0-9-]{0,62}$/

/** `<id>=<file>`: the id must be a valid filing id; the path is resolved against `cwd`. */
export function parseFilingFile(value: string, cwd: string): FilingFile {
  const eq = value.indexOf('=')
  if (eq <= 0 || eq === value.length - 1)
    throw new UsageError(`--filing-file expects <id>=<file>, got "${value}"`)
  const id = value.slice(0, eq)
  if (!FILING_ID_RE.test(id))
    throw new UsageError(
      `--filing-file: "${id}" is not a valid filing id (lower case letters, digits, dashes)`,
    )
  return { id, file: resolve(cwd, value.slice(eq + 1)) }
}

function uniqueFilingFiles(values: string[] | undefined, cwd: string): FilingFile[] {
  const out = (values ?? []).map((v) => parseFilingFile(v, cwd))
  const seen = new Set<string>()
  for (const f of out) {
    if (seen.has(f.id)) throw new UsageError(`--filing-file: "${f.id}" is given twice`)
    seen.add(f.id)
  }
  return out
}

/** `--financebench F --pdfs DIR`: both or neither, resolved against `cwd`. */
function financeBenchOptions(
  values: Record<string, unknown>,
  cwd: string,
): { financebench: string | null; pdfs: string | null } {
  const financebench = typeof values.financebench === 'string' ? resolve(cwd, values.financebench) : null
  const pdfs = typeof values.pdfs === 'string' ? resolve(cwd, values.pdfs) : null
  if ((financebench === null) !== (pdfs === null))
    throw new UsageError('--financebench and --pdfs go together')
  return { financebench, pdfs }
}

export interface RetrievalArgs {
  filingFiles: FilingFile[]
  questions: string[]
  financebench: string | null
  pdfs: string | null
  json: boolean
  /** Keep the scratch data directory (its path is printed on stderr). */
  keep: boolean
  /** No --filing-file, --questions or --financebench: the bundled filings and FinanceBench subset. */
  defaults: boolean
  help: boolean
}

export const RETRIEVAL_USAGE = `Usage:
  pnpm eval:retrieval [--filing-file <id>=<pdf-or-htm>]… [--questions <file.jsonl>]… [--json]
  pnpm eval:retrieval --financebench <questions.jsonl> --pdfs <dir> [--json]
Options:
  --filing-file <id>=<file>  ingest this file under <id> into a scratch data directory
  --questions <file.jsonl>   S-1 format questions {"id","filing","question","gold_pages","gold_facts","kind"}
  --financebench <file>      FinanceBench-format questions (evidence pages are zero-based PDF pages)
  --pdfs <dir>               where the FinanceBench PDFs are (<doc_name>.pdf)
  --json                     standard output is only the JSON report
  --keep                     keep the scratch data directory
With no arguments: the bundled filings with eval/questions/<id>.jsonl, plus the FinanceBench dev subset
at ../shared/data/evals/financebench/ when present.`

export function parseRetrievalArgs(argv: string[], cwd = process.cwd()): RetrievalArgs {
  let values: Record<string, string | boolean | string[] | undefined>
  try {
    ;({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        'filing-file': { type: 'string', multiple: true },
        questions: { type: 'string', multiple: true },
        financebench: { type: 'string' },
        pdfs: { type: 'string' },
        json: { type: 'boolean', default: false },
        keep: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }))
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
  const { financebench, pdfs } = financeBenchOptions(values, cwd)
  const filingFiles = uniqueFilingFiles(values['filing-file'] as string[] | undefined, cwd)
  const questions = ((values.questions as string[] | undefined) ?? []).map((q) => resolve(cwd, q))
  return {
    filingFiles,
    questions,
    financebench,
    pdfs,
    json: values.json === true,
    keep: values.keep === true,
    defaults: filingFiles.length === 0 && questions.length === 0 && financebench === null,
    help: values.help === true,
  }
}

export interface EvalArgs {
  filingFiles: FilingFile[]
  questions: string[]
  /** FinanceBench-format questions and the folder of their PDFs (both or neither). */
  financebench: string | null
  pdfs: string | null
  json: boolean
  compare: string | null
  /** Where report.json and report.md go. */
  out: string
  keep: boolean
  /** No --filing-file, --questions or --financebench: the bundled filings and their sets. */
  defaults: boolean
  help: boolean
}

export const EVAL_USAGE = `Usage:
  pnpm eval [--filing-file <id>=<file>]… [--questions <file.jsonl>]… [--json] [--compare <baseline.json>]
  pnpm eval --financebench <questions.jsonl> --pdfs <dir> [--json]
Options:
  --filing-file <id>=<file>  ingest this file under <id> into a scratch data directory first
  --questions <file.jsonl>   S-1 format questions (default: eval/questions/<id>.jsonl of each filing)
  --financebench <file>      FinanceBench-format questions (evidence pages are zero-based PDF pages;
                             gold facts are the answer's figures the evidence prints)
  --pdfs <dir>               where the FinanceBench PDFs are (<doc_name>.pdf)
  --json                     standard output is only the JSON report
  --compare <baseline.json>  print the change of every figure against a baseline report
  --out <dir>                where report.json and report.md are written (default: eval/out/, git-ignored)
  --keep                     keep the scratch data directory
Runs offline in extractive mode; in llm mode when ANTHROPIC_API_KEY is set.`

export function parseEvalArgs(argv: string[], cwd = process.cwd(), defaultOut = cwd): EvalArgs {
  let values: Record<string, string | boolean | string[] | undefined>
  try {
    ;({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        'filing-file': { type: 'string', multiple: true },
        questions: { type: 'string', multiple: true },
        financebench: { type: 'string' },
        pdfs: { type: 'string' },
        json: { type: 'boolean', default: false },
        compare: { type: 'string' },
        out: { type: 'string' },
        keep: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }))
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
  const { financebench, pdfs } = financeBenchOptions(values, cwd)
  const filingFiles = uniqueFilingFiles(values['filing-file'] as string[] | undefined, cwd)
  const questions = ((values.questions as string[] | undefined) ?? []).map((q) => resolve(cwd, q))
  return {
    filingFiles,
    questions,
    financebench,
    pdfs,
    json: values.json === true,
    compare: typeof values.compare === 'string' ? resolve(cwd, values.compare) : null,
    out: typeof values.out === 'string' ? resolve(cwd, values.out) : defaultOut,
    keep: values.keep === true,
    defaults: filingFiles.length === 0 && questions.length === 0 && financebench === null,
    help: values.help === true,
  }
}

export interface BenchArgs {
  /** Timed queries per store (after warm-up). */
  queries: number
  json: boolean
  help: boolean
}

export const BENCH_USAGE = `Usage:
  pnpm bench:retrieval [--queries <n>] [--json]
Prints p50/p95 query latency on the largest collection of each available store (sqlite always,
qdrant when QDRANT_URL is set) and the time to embed one question.`

export function parseBenchArgs(argv: string[]): BenchArgs {
  let values: Record<string, string | boolean | undefined>
  try {
    ;({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        queries: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }))
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
  const queries = values.queries === undefined ? 200 : Number(values.queries)
  if (!Number.isInteger(queries) || queries < 1) throw new UsageError('--queries expects a positive integer')
  return { queries, json: values.json === true, help: values.help === true }
}
