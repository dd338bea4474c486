/**
 * Gold facts of FinanceBench questions: the answer's figures that the evidence prints. The fixture
 * holds three unaltered lines of the FinanceBench dev subset (PatronusAI's open-source FinanceBench,
 * kept beside the repository in ../shared/data/evals/financebench), so the test runs on a plain clone.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseFigure } from '@asks1/shared/contract/figures'
import { describe, expect, it } from 'vitest'
import { financeBenchFacts, printedForm } from '../src/financebench-facts'
import { factFound } from '../src/metrics'
import { parseFinanceBench } from '../src/questions'

const FIXTURE = resolve(import.meta.dirname, 'fixtures/financebench/dev-sample.jsonl')
const fig = (s: string) => parseFigure(s) as NonNullable<ReturnType<typeof parseFigure>>

describe('FinanceBench gold facts on real dev lines', () => {
  const qs = parseFinanceBench(readFileSync(FIXTURE, 'utf8'), FIXTURE)
  const facts = (id: string) => qs.find((q) => q.id === id)?.facts

  it('keeps the answer figures the evidence prints, as printed there', () => {
    // Boeing: "Gross profit improved from $3,017 million … to $3,502 million" is the unlabelled
    // row "3,502 3,017" of a statement "(Dollars in millions)"; the margins 4.8% and 5.3% are computed.
    expect(facts('financebench_id_00678')).toEqual(['3,017', '3,502'])
    // 3M: "shrunk by 0.9%" is the cell "(0.9)" of a table printing "%" on its first row only.
    expect(facts('financebench_id_01865')).toEqual(['0.9%'])
  })

  it('gives no facts when every figure of the answer is computed', () => {
    // 3M: CAPEX/revenue 5.1%, fixed/total assets 20%, ROA 12.4%; its pages print bare "20"s only.
    expect(facts('financebench_id_00499')).toEqual([])
    expect(qs.every((q) => q.kind === 'core')).toBe(true)
  })

  it('the derived facts are found in a reply that quotes the page or writes the figure', () => {
    expect(factFound('Total costs and expenses (63,106) (59,269) 3,502 3,017', '3,017')).toBe(true)
    expect(factFound('Gross profit was $3.0 billion in 2021.', '3,017')).toBe(true)
    expect(factFound('Gross profit was $3.5 billion in 2021.', '3,017')).toBe(false)
    expect(factFound('Consumer organic sales fell 0.9%.', '0.9%')).toBe(true)
  })
})

describe('FinanceBench gold-fact rule', () => {
  const record = (answer: string, text: string, doc = 'X_10K') => ({
    doc_name: 'X_10K',
    answer,
    evidence: [{ doc_name: doc, evidence_text: text }],
  })

  it('reads figures with their page units and rounding', () => {
    expect(financeBenchFacts(record('Revenue was $1.2 billion.', '(In millions)\nRevenue\n1,193'))).toEqual([
      '1,193',
    ])
    expect(financeBenchFacts(record('Revenue was $1.3 billion.', '(In millions)\nRevenue\n1,193'))).toEqual(
      [],
    )
  })

  it('leaves out bare integers: list markers and names are no amounts', () => {
    const text = 'Acquisitions (1) Current Health and (2) Yardbird; the 737 and 787 programs'
    expect(financeBenchFacts(record('(1) Current Health and (2) Yardbird; 737 and 787', text))).toEqual([])
  })

  it('a percentage and a bare number state each other only with decimals', () => {
    expect(printedForm('Property, plant and equipment 20 \n', fig('20%'))).toBeNull()
    expect(printedForm('Consumer\n(0.9)\n(0.4)', fig('0.9%'))).toBe('0.9%')
    expect(printedForm('Operating income margin 19.1 % 20.8 % (1.7)%', fig('1.7%'))).toBe('(1.7)%')
  })

  it('reads only evidence of the question’s own document', () => {
    expect(financeBenchFacts(record('Margin 40%', 'accounted for 40% of revenue', 'OTHER_10K'))).toEqual([])
    expect(financeBenchFacts(record('Margin 40%', 'accounted for 40% of revenue'))).toEqual(['40%'])
  })
})
