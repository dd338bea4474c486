/**
 * Report shapes, the Markdown summary and the comparison with a baseline. Pure formatting.
 */
import type { AnswerSummary, RetrievalSummary } from './metrics'

/** `baseline`: plain BM25 on the same chunks (baseline.ts), shown beside the product's modes. */
export type RetrievalMode = 'keyword' | 'hybrid' | 'baseline'

/** The `retrieval` block: the headline figures are those of `mode` (hybrid when a model is present). */
export interface RetrievalBlock extends RetrievalSummary {
  mode: RetrievalMode
  /** The embedding model behind `hybrid` (null: keyword-only run). */
  model: string | null
  by_mode: Partial<Record<RetrievalMode, RetrievalSummary>>
  by_set?: Record<string, Partial<Record<RetrievalMode, RetrievalSummary>>>
  /** Tuning sets, check sets and FinanceBench side by side (see plan.ts `groupOfSet`). */
  by_group?: Record<string, Partial<Record<RetrievalMode, RetrievalSummary>>>
  /** Per question kind: `core`, `hard` and `demo` (the registry's demo questions). */
  by_kind?: Record<string, Partial<Record<RetrievalMode, RetrievalSummary>>>
  /** Per query: embed (when hybrid) + search + fetch, in the evaluated store. */
  latency_ms?: Partial<Record<RetrievalMode, { p50: number | null; p95: number | null }>>
}

export interface PagesResult {
  filing: string
  file: string
  /** Share of ground-truth sentences found inside the text of their own printed page. */
  accuracy: number
  sentences: number
  found: number
}

export interface IngestResult {
  filing: string
  file: string
  seconds: number
  chunks: number | null
  pages: number | null
  /** Milliseconds per ingest stage (extract, paging, chunk, embed, write, total). */
  stages_ms?: Record<string, number>
  error?: string
}

export interface QuestionDetail {
  id: string
  filing: string
  kind: string
  set: string
  /** Gold rank per retrieval mode (null: not in the top 10). */
  rank: Partial<Record<RetrievalMode, number | null>>
  skipped?: string
  answer?: {
    /** The answer's first 600 characters, to see why a figure moved. */
    text: string
    cited: string[]
    gold_cited: number
    /** Pages of the citations the server's check did not verify (quote or figure not found there). */
    unverified: string[]
    facts_found: string[]
    /** The gold facts the answer's first quoted passage holds (metrics.ts `firstQuote`). */
    first_quote_facts?: string[]
    facts_missing: string[]
    refused: boolean
    latency_ms: number
    error?: string
  }
}

export interface EvalReport {
  generated_at: string
  answer_mode: 'extractive' | 'llm' | null
  llm_model?: string
  store: string
  embedder: { status: string; model: string | null; reason?: string }
  retrieval: RetrievalBlock
  answers: AnswerSummary | null
  answers_by_kind?: Record<string, AnswerSummary>
  pages: PagesResult[]
  ingest: IngestResult[]
  questions: QuestionDetail[]
}

// ---------------------------------------------------------------------------------------------

/**
 * Pads every Markdown table to aligned columns, as Biome's formatter writes them, so a generated
 * report passes `pnpm lint` unchanged. Cells are split on `|` (cell texts never contain one).
 */
export function alignTables(markdown: string): string {
  const lines = markdown.split('\n')
  const out: string[] = []
  for (let i = 0; i < lines.length; ) {
    if (!lines[i]?.startsWith('|')) {
      out.push(lines[i] as string)
      i++
      continue
    }
    const block: string[][] = []
    for (; i < lines.length && lines[i]?.startsWith('|'); i++)
      block.push(
        (lines[i] as string)
          .replace(/^\|/, '')
          .replace(/\|$/, '')
          .split('|')
          .map((c) => c.trim()),
      )
    const isRule = (row: string[]) => row.every((c) => /^-+$/.test(c))
    const cols = Math.max(...block.map((r) => r.length))
    const width = Array.from({ length: cols }, (_, c) =>
      Math.max(3, ...block.filter((r) => !isRule(r)).map((r) => [...(r[c] ?? '')].length)),
    )
    for (const row of block)
      out.push(
        `| ${width
          .map((w, c) =>
            isRule(row) ? '-'.repeat(w) : (row[c] ?? '') + ' '.repeat(w - [...(row[c] ?? '')].length),
          )
          .join(' | ')} |`,
      )
  }
  return out.join('\n')
}

const cell = (text: string) => text.replaceAll('|', '/').replace(/\s+/g, ' ')

const fmt = (x: number | null | undefined, digits = 3): string =>
  x === null || x === undefined ? '–' : Number.isInteger(x) ? String(x) : x.toFixed(digits)
const ms = (x: number | null | undefined, digits = 2): string =>
  x === null || x === undefined ? '–' : `${x.toFixed(digits)} ms`
const pct = (x: number | null | undefined): string =>
  x === null || x === undefined ? '–' : `${(x * 100).toFixed(1)}%`

function retrievalRows(label: string, r: Partial<Record<RetrievalMode, RetrievalSummary>>): string[] {
  return (Object.entries(r) as [RetrievalMode, RetrievalSummary][]).map(
    ([mode, s]) =>
      `| ${label} | ${mode} | ${s.n} | ${pct(s['recall@5'])} | ${pct(s['recall@10'])} | ${fmt(s.mrr)} | ${pct(s['page_recall@10'])} | ${s.skipped} |`,
  )
}

/** Tuning and check groups side by side, one column per group (keyword mode first). */
export function groupsMarkdown(block: RetrievalBlock): string {
  const groups = Object.entries(block.by_group ?? {})
  if (groups.length === 0) return ''
  const lines = [
    `| mode | metric | ${groups.map(([g]) => g).join(' | ')} |`,
    `|---|---|${groups.map(() => '---').join('|')}|`,
  ]
  for (const mode of ['keyword', 'hybrid', 'baseline'] as const) {
    if (!groups.some(([, m]) => m[mode])) continue
    for (const metric of ['n', 'recall@5', 'recall@10', 'mrr'] as const) {
      const cells = groups.map(([, m]) => {
        const s = m[mode]
        if (!s) return '–'
        return metric === 'n' ? String(s.n) : metric === 'mrr' ? fmt(s.mrr) : pct(s[metric])
      })
      lines.push(`| ${mode} | ${metric} | ${cells.join(' | ')} |`)
    }
  }
  return alignTables(lines.join('\n'))
}

/** The retrieval table alone (also what `eval:retrieval` prints to stderr). */
export function retrievalMarkdown(block: RetrievalBlock): string {
  const lines = [
    '| set | mode | n | recall@5 | recall@10 | MRR | gold pages covered @10 | skipped |',
    '|---|---|---|---|---|---|---|---|',
    ...retrievalRows('all', block.by_mode),
  ]
  for (const [group, modes] of Object.entries(block.by_group ?? {}))
    lines.push(...retrievalRows(`group: ${group}`, modes))
  for (const [set, modes] of Object.entries(block.by_set ?? {})) lines.push(...retrievalRows(set, modes))
  for (const [kind, modes] of Object.entries(block.by_kind ?? {}))
    lines.push(...retrievalRows(`kind: ${kind}`, modes))
  if (block.latency_ms) {
    lines.push('', '| mode | query latency p50 | p95 |', '|---|---|---|')
    for (const [mode, l] of Object.entries(block.latency_ms))
      lines.push(`| ${mode} | ${ms(l?.p50)} | ${ms(l?.p95)} |`)
  }
  return alignTables(lines.join('\n'))
}

export function reportMarkdown(r: EvalReport): string {
  const out: string[] = ['# AskS1 evaluation', '']
  out.push(
    `Generated ${r.generated_at}. Store: ${r.store}. Embedder: ${r.embedder.status}${r.embedder.model ? ` (${r.embedder.model})` : ''}${r.embedder.reason ? ` — ${r.embedder.reason}` : ''}. Answers: ${r.answer_mode ?? 'not run'}${r.llm_model ? ` (${r.llm_model})` : ''}.`,
    '',
  )
  if (r.pages.length > 0) {
    out.push(
      '## Ingest: page accuracy',
      '',
      '| filing | file | sentences | on their own page |',
      '|---|---|---|---|',
    )
    for (const p of r.pages) out.push(`| ${p.filing} | ${p.file} | ${p.sentences} | ${pct(p.accuracy)} |`)
    out.push('')
  }
  out.push('## Retrieval (gold page in the top k chunks)', '', retrievalMarkdown(r.retrieval), '')
  if (r.answers) {
    const a = r.answers
    out.push(
      `## Answers (${r.answer_mode} mode, n = ${a.n})`,
      '',
      '| metric | value |',
      '|---|---|',
      `| citations on a gold page (precision) | ${pct(a.citation_page_precision)} |`,
      `| answers citing a gold page | ${pct(a.citation_recall_any)} |`,
      `| citations verified by the server | ${pct(a.citations_verified)} |`,
      `| gold facts in the answer | ${pct(a.facts_recall)} |`,
      `| negative controls refused | ${pct(a.refusal_accuracy)} |`,
      `| answerable questions refused | ${pct(a.false_refusal_rate)} |`,
      `| /ask latency p50 / p95 | ${ms(a.latency_ms.p50, 1)} / ${ms(a.latency_ms.p95, 1)} |`,
      `| failed requests | ${a.errors} |`,
    )
    if (a.tokens)
      out.push(
        `| tokens per answer (in / out) | ${a.tokens.input_per_answer} / ${a.tokens.output_per_answer} |`,
        `| estimated cost per answer | ${a.cost_usd_per_answer == null ? 'unknown model price' : `$${a.cost_usd_per_answer.toFixed(5)}`} |`,
      )
    if (a.llm_latency_ms)
      out.push(
        `| model: first text p50 / p95 | ${ms(a.llm_latency_ms.first_text.p50, 1)} / ${ms(a.llm_latency_ms.first_text.p95, 1)} |`,
        `| model: whole stream p50 / p95 | ${ms(a.llm_latency_ms.stream.p50, 1)} / ${ms(a.llm_latency_ms.stream.p95, 1)} |`,
      )
    out.push('')
    const sideBySide = { ...a.by_group, ...a.by_set }
    if (Object.keys(sideBySide).length > 1) {
      out.push(
        '| tuning / check | n | gold facts (questions with facts) | citations on a gold page | negatives refused | answerable refused |',
        '|---|---|---|---|---|---|',
      )
      for (const [name, g] of Object.entries(sideBySide))
        out.push(
          `| ${name} | ${g.n} | ${pct(g.facts_recall)}${g.facts_questions === undefined ? '' : ` (${g.facts_questions})`} | ${pct(g.citation_page_precision)} | ${pct(g.refusal_accuracy)} | ${pct(g.false_refusal_rate)} |`,
        )
      out.push('')
    }
    if (r.answers_by_kind && Object.keys(r.answers_by_kind).length > 0) {
      out.push(
        '| kind | n | citations on a gold page | answers citing a gold page | gold facts | refused |',
        '|---|---|---|---|---|---|',
      )
      for (const [kind, k] of Object.entries(r.answers_by_kind))
        out.push(
          `| ${kind} | ${k.n} | ${pct(k.citation_page_precision)} | ${kind === 'negative' ? '–' : pct(k.citation_recall_any)} | ${pct(k.facts_recall)} | ${kind === 'negative' ? pct(k.refusal_accuracy) : pct(k.false_refusal_rate)} |`,
        )
      out.push('')
    }
  }
  if (r.ingest.length > 0) {
    out.push(
      '## Ingest runs',
      '',
      '| filing | file | seconds | pages | chunks | extract | paging | chunk | embed | write |',
      '|---|---|---|---|---|---|---|---|---|---|',
    )
    const st = (i: IngestResult, k: string) =>
      i.stages_ms?.[k] === undefined ? '–' : `${(i.stages_ms[k] / 1000).toFixed(1)} s`
    for (const i of r.ingest)
      out.push(
        `| ${i.filing} | ${i.file} | ${i.error ? `failed: ${cell(i.error)}` : i.seconds.toFixed(1)} | ${i.pages ?? '–'} | ${i.chunks ?? '–'} | ${st(i, 'extractMs')} | ${st(i, 'pagingMs')} | ${st(i, 'chunkMs')} | ${st(i, 'embedMs')} | ${st(i, 'writeMs')} |`,
      )
    out.push('')
  }
  const misses = r.questions.filter(
    (q) => q.kind !== 'negative' && !q.skipped && Object.values(q.rank).every((x) => x === null),
  )
  if (misses.length > 0) {
    out.push('## Retrieval misses (no gold page in the top 10)', '')
    for (const q of misses) out.push(`- ${q.id} (${q.kind})`)
    out.push('')
  }
  return alignTables(out.join('\n')).trimEnd()
}
