import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { afterAll, describe, expect, it } from 'vitest'
import { planRun } from '../src/plan'

const ROOT = resolve(import.meta.dirname, '../..')
const registry = loadRegistry(resolve(ROOT, 'filings.json'))
const questionsDir = resolve(ROOT, 'eval/questions')
const tmp = mkdtempSync(join(tmpdir(), 'asks1-eval-plan-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const s1 = (id: string, filing: string) =>
  JSON.stringify({ id, filing, question: 'Q?', gold_pages: ['1'], gold_facts: ['x'], kind: 'core' })

describe('planRun', () => {
  it('defaults: every bundled filing with its own question set', () => {
    const plan = planRun({ filingFiles: [], questions: [], defaults: true }, { registry, questionsDir })
    expect(plan.filings.map((f) => f.id)).toEqual(registry.filings.map((f) => f.id))
    expect(plan.filings[0]?.file).toBe(registry.filings[0]?.sourcePath)
    expect(new Set(plan.questions.map((q) => q.filing))).toEqual(new Set(registry.filings.map((f) => f.id)))
    expect(plan.notes).toEqual([])
  })
  it('--filing-file alone uses that id’s question set, if any', () => {
    const plan = planRun(
      {
        filingFiles: [
          { id: 'pandora-s1', file: '/x/pandora-footer.pdf' },
          { id: 'acme', file: '/x/acme.pdf' },
        ],
        questions: [],
        defaults: false,
      },
      { registry, questionsDir },
    )
    expect(plan.filings).toHaveLength(2)
    expect(plan.filings[0]).toMatchObject({ id: 'pandora-s1', file: '/x/pandora-footer.pdf' })
    expect(plan.filings[0]?.entry?.company).toBe('Pandora Media, Inc.')
    expect(plan.questions.every((q) => q.filing === 'pandora-s1')).toBe(true)
    expect(plan.notes.join('\n')).toMatch(/no question set for acme/)
  })
  it('--questions about a registered filing ingests the registry file; unknown filings are noted', () => {
    const file = join(tmp, 'q.jsonl')
    writeFileSync(file, `${s1('a-1', 'facebook-s1')}\n${s1('b-1', 'nowhere')}\n`)
    const plan = planRun({ filingFiles: [], questions: [file], defaults: false }, { registry, questionsDir })
    expect(plan.filings.map((f) => f.id)).toEqual(['facebook-s1'])
    expect(plan.questions).toHaveLength(2)
    expect(plan.notes).toEqual(['filing "nowhere" has no file: its questions are skipped'])
  })
  it('FinanceBench: one filing per PDF present; questions of missing PDFs stay (to be skipped)', () => {
    const fb = join(tmp, 'fb.jsonl')
    const rec = (id: string, doc: string) =>
      JSON.stringify({
        financebench_id: id,
        doc_name: doc,
        company: 'Have Co',
        question: 'Q',
        evidence: [{ doc_name: doc, evidence_page_num: 3 }],
      })
    writeFileSync(
      fb,
      `${rec('1', 'HAVE_2022_10K')}\n${rec('2', 'HAVE_2022_10K')}\n${rec('3', 'GONE_2020_10K')}\n`,
    )
    const pdfs = join(tmp, 'pdfs')
    const plan = planRun(
      { filingFiles: [], questions: [], financebench: { questions: fb, pdfs }, defaults: false },
      { registry, questionsDir, exists: (p) => p.endsWith('HAVE_2022_10K.pdf') },
    )
    // The filer's name FinanceBench gives is the scratch registry's company (not the id).
    expect(plan.filings).toEqual([
      { id: 'fb-have-2022-10k', file: join(pdfs, 'HAVE_2022_10K.pdf'), company: 'Have Co' },
    ])
    expect(plan.questions.map((q) => q.filing)).toEqual([
      'fb-have-2022-10k',
      'fb-have-2022-10k',
      'fb-gone-2020-10k',
    ])
    expect(plan.questions[0]?.gold).toEqual({ by: 'pdf', pages: [4] })
    expect(plan.notes).toEqual(['filing "fb-gone-2020-10k" has no file: its questions are skipped'])
  })
})
