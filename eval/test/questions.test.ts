import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  financeBenchFilingId,
  parseFinanceBench,
  parseS1Questions,
  QuestionFileError,
  readS1Questions,
} from '../src/questions'

const line = (o: object) => JSON.stringify(o)
const q = {
  id: 'x-01',
  filing: 'x',
  question: 'What?',
  gold_pages: ['154'],
  gold_facts: ['900%'],
  kind: 'core',
}

describe('S-1 question files', () => {
  it('reads the format into label-gold questions', () => {
    const [parsed] = parseS1Questions(`${line(q)}\n\n`, '/d/x.jsonl')
    expect(parsed).toEqual({
      id: 'x-01',
      filing: 'x',
      question: 'What?',
      kind: 'core',
      demo: false,
      gold: { by: 'label', pages: ['154'] },
      facts: ['900%'],
      set: 'x.jsonl',
    })
  })
  it('names the line and field at fault', () => {
    expect(() => parseS1Questions(`${line(q)}\n{oops`, 'f.jsonl')).toThrow(/f\.jsonl:2: invalid JSON/)
    expect(() => parseS1Questions(line({ ...q, kind: 'easy' }), 'f.jsonl')).toThrow(
      /f\.jsonl:1: field "kind"/,
    )
    expect(() => parseS1Questions(line({ ...q, gold_pages: [154] }), 'f')).toThrow(/gold_pages/)
    expect(() => parseS1Questions(line({ ...q, gold_pages: [] }), 'f')).toThrow(/at least one gold page/)
    expect(() => parseS1Questions(`${line(q)}\n${line(q)}`, 'f')).toThrow(QuestionFileError)
  })
  it('accepts negatives without gold', () => {
    const [n] = parseS1Questions(line({ ...q, kind: 'negative', gold_pages: [], gold_facts: [] }), 'f')
    expect(n?.kind).toBe('negative')
  })
})

describe('FinanceBench', () => {
  const rec = {
    financebench_id: 'financebench_id_1',
    doc_name: '3M_2022_10K',
    question: 'Capex?',
    evidence: [
      { doc_name: '3M_2022_10K', evidence_page_num: 47 },
      { doc_name: '3M_2022_10K', evidence_page_num: 0 },
      { doc_name: 'OTHER_DOC', evidence_page_num: 5 },
    ],
  }
  it('turns zero-based evidence pages into 1-based physical gold pages of its own document', () => {
    const [fb] = parseFinanceBench(line(rec), 'fb.jsonl')
    expect(fb?.gold).toEqual({ by: 'pdf', pages: [1, 48] })
    expect(fb?.filing).toBe('3M_2022_10K')
  })
  it('makes registry-safe filing ids from document names', () => {
    expect(financeBenchFilingId('3M_2022_10K')).toBe('fb-3m-2022-10k')
    expect(financeBenchFilingId('FOOTLOCKER_2022_8K_dated-2022-05-20')).toBe(
      'fb-footlocker-2022-8k-dated-2022-05-20',
    )
    expect(financeBenchFilingId('A'.repeat(100))).toMatch(/^[a-z0-9][a-z0-9-]{0,62}$/)
  })
  const devSubset = resolve(
    import.meta.dirname,
    '../../../shared/data/evals/financebench/financebench_dev.jsonl',
  )
  // The FinanceBench dev subset is shared data beside the repository (../shared), not in a plain clone.
  it.skipIf(!existsSync(devSubset))('reads the real dev subset (skipped without ../shared/data)', () => {
    const qs = parseFinanceBench(readFileSync(devSubset, 'utf8'), devSubset)
    expect(qs).toHaveLength(21)
    expect(qs.find((x) => x.id === 'financebench_id_00499')?.gold).toEqual({ by: 'pdf', pages: [48, 50, 52] })
  })
})

describe('the repo question sets', () => {
  const registry = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../filings.json'), 'utf8')) as {
    filings: { id: string; questions: string[] }[]
  }
  for (const filing of registry.filings) {
    it(`${filing.id}: at least 25 questions of every kind, and every demo question`, () => {
      const qs = readS1Questions(resolve(import.meta.dirname, `../questions/${filing.id}.jsonl`))
      expect(qs.length).toBeGreaterThanOrEqual(25)
      expect(qs.every((x) => x.filing === filing.id)).toBe(true)
      for (const kind of ['core', 'hard', 'negative'] as const)
        expect(qs.some((x) => x.kind === kind)).toBe(true)
      const demo = qs.filter((x) => x.demo).map((x) => x.question)
      expect(demo.sort()).toEqual([...filing.questions].sort())
    })
  }
})
