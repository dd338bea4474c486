/**
 * The core battery (`eval/questions/core/`, issue 14): every instance comes from a template that
 * names its form item, the files keep the dev sets' format, the default `pnpm eval` never reads
 * them, and their gold is checked against the page text the ingest recovers from the same files
 * `pnpm eval:core` ingests: each fact is on a gold page (as printed) and each gold page states a
 * fact (as printed, or as the same figure in other units: "$55.2 million" for "55,189" in thousands).
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { readPages } from '@asks1/ingest'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { describe, expect, it } from 'vitest'
import { CORE_DIR, coreFilings } from '../src/core'
import { containsFact, factFound } from '../src/metrics'
import { planRun } from '../src/plan'
import { readS1Questions } from '../src/questions'

const ROOT = resolve(import.meta.dirname, '../..')
const registry = loadRegistry(resolve(ROOT, 'filings.json'))
const SHARED = resolve(ROOT, '../shared/data')

interface Template {
  id: string
  item: string
  wordings: string[]
}
const templates = JSON.parse(readFileSync(resolve(CORE_DIR, 'templates.json'), 'utf8')) as {
  templates: Template[]
  negatives: Template[]
}
const templateIds = new Set([...templates.templates, ...templates.negatives].map((t) => t.id))

const rawLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)

describe('core battery templates', () => {
  it('every template names its source item and has a wording', () => {
    for (const t of [...templates.templates, ...templates.negatives]) {
      expect(t.item.length, t.id).toBeGreaterThan(5)
      expect(t.wordings.length, t.id).toBeGreaterThan(0)
    }
    expect(templateIds.size).toBe(templates.templates.length + templates.negatives.length)
  })
  it('the default eval never reads the core files', () => {
    const plan = planRun(
      { filingFiles: [], questions: [], defaults: true },
      { registry, questionsDir: resolve(ROOT, 'eval/questions') },
    )
    expect(plan.questions.length).toBeGreaterThan(0)
    expect(plan.questions.filter((q) => q.id.includes('-core-'))).toEqual([])
  })
})

describe.each(coreFilings(registry, SHARED))('core battery: $id', ({ id, file, questions }) => {
  it('instances: format, ids, templates', () => {
    const parsed = readS1Questions(questions)
    const raw = rawLines(questions)
    expect(parsed.length).toBe(raw.length)
    raw.forEach((q, i) => {
      expect(q.id).toBe(`${id}-core-${String(i + 1).padStart(2, '0')}`)
      expect(q.filing).toBe(id)
      expect(templateIds.has(q.template as string), `${q.id as string}: template`).toBe(true)
      expect(q.question as string).not.toMatch(/[{}]/)
      expect(typeof q.answer).toBe('string')
    })
  })
  it.skipIf(!existsSync(file))(
    'every fact is on a gold page and every gold page states a fact',
    async () => {
      const { pages } = await readPages(file)
      const text = new Map<string, string>()
      for (const p of pages) text.set(p.label, `${text.get(p.label) ?? ''} ${p.text}`)
      const problems: string[] = []
      for (const q of readS1Questions(questions)) {
        if (q.kind === 'negative' || q.gold.by !== 'label') continue
        for (const fact of q.facts)
          if (!q.gold.pages.some((p) => containsFact(text.get(p) ?? '', fact)))
            problems.push(`${q.id}: "${fact}" is on no gold page`)
        for (const p of q.gold.pages) {
          if (!text.has(p)) problems.push(`${q.id}: gold page ${p} does not exist`)
          else if (!q.facts.some((f) => factFound(text.get(p) ?? '', f)))
            problems.push(`${q.id}: gold page ${p} states no gold fact`)
        }
      }
      expect(problems).toEqual([])
    },
    // pdf.js reads a whole 10-K here; a cap for a loaded machine, not a timing expectation
    600_000,
  )
})
