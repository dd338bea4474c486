import { describe, expect, it } from 'vitest'
import {
  analyzeQuery,
  answerTypeOf,
  findPeriods,
  holdsAnswerType,
  quarterWording,
  questionSubject,
  searchTerms,
  splitQuestion,
} from '../src/retrieval/query'
import { keywordTerms, stem } from '../src/retrieval/terms'
import { DERIVE_WEIGHT } from '../src/retrieval/wordnet'

describe('answerTypeOf reads the interrogative form', () => {
  it.each([
    ['How much cash did the company hold?', 'amount'],
    ['How many stores does the retailer operate?', 'count'],
    ['How many years does the lease run?', 'duration'],
    ['How long is the lock-up period?', 'duration'],
    ['What percentage of sales came from abroad?', 'percentage'],
    ['What share of the vote will the founder control?', 'percentage'],
    ['When was the company incorporated?', 'date'],
    ['In what year did the plan start?', 'date'],
    ['Who audits the financial statements?', 'name'],
    ['Which bank acts as trustee?', 'name'],
    ['Where is the head office?', 'location'],
    ['In which state is the company incorporated?', 'location'],
    ['Does the company pay a dividend?', 'yesno'],
    ['Is the issuer an emerging growth company?', 'yesno'],
    ['What was the total cost of the program?', 'amount'],
    ['Describe the main competitors.', 'other'],
  ])('%s → %s', (q, type) => {
    expect(answerTypeOf(q)).toBe(type)
  })
})

describe('findPeriods', () => {
  it('finds years, fiscal years, quarters and months-ended periods', () => {
    expect(findPeriods('Revenue in 2011 versus 2010?').map((p) => [p.kind, p.year])).toEqual([
      ['year', 2011],
      ['year', 2010],
    ])
    expect(findPeriods('What was FY2022 capex?')[0]).toMatchObject({ kind: 'fiscal-year', year: 2022 })
    expect(findPeriods('Operating income in fiscal 2015')[0]).toMatchObject({
      kind: 'fiscal-year',
      year: 2015,
    })
    expect(findPeriods('sales in the third quarter of 2012')[0]).toMatchObject({
      kind: 'quarter',
      quarter: 3,
      year: 2012,
    })
    expect(findPeriods('Q4 2013 revenue')[0]).toMatchObject({ kind: 'quarter', quarter: 4, year: 2013 })
    expect(findPeriods('net loss for the six months ended June 30, 2016')).toEqual([
      { kind: 'months-ended', months: 6, year: 2016, endMonth: 6, text: 'six months ended June 30, 2016' },
    ])
    expect(findPeriods('employees as of January 31, 2011')).toEqual([
      { kind: 'date', year: 2011, text: 'January 31, 2011' },
    ])
    // Amounts and percentages are not years.
    expect(findPeriods('a $2011 fee and 2012% growth')).toEqual([])
  })

  it('gives the month a period of the year ends in, when the question names it', () => {
    expect(findPeriods('listener hours in the year ended January 2010')).toEqual([
      { kind: 'year', year: 2010, endMonth: 1, text: '2010' },
    ])
    expect(findPeriods('hours streamed through Sept. 30, 2011')[0]).toMatchObject({
      kind: 'date',
      year: 2011,
      endMonth: 9,
    })
    expect(
      findPeriods('revenue for fiscal 2011, ending January 31, 2011').find((p) => p.kind === 'fiscal-year'),
    ).toMatchObject({
      kind: 'fiscal-year',
      endMonth: 1,
    })
    // Another year's end month is not this year's; a date named without "ended" ends nothing.
    expect(findPeriods('revenue in 2009 and the year ended June 2010')[0]?.endMonth).toBeUndefined()
    expect(findPeriods('employees on January 31, 2011')[0]?.endMonth).toBeUndefined()
  })
})

describe('quarterWording', () => {
  it('matches the ways a filing names a quarter, and not another quarter', () => {
    const q3 = quarterWording(3)
    for (const t of [
      'Third Quarter 2012',
      'the third fiscal quarter',
      'Q3 revenue',
      'Three months ended Sept. 30',
    ])
      expect(q3.test(t), t).toBe(true)
    for (const t of ['second quarter', 'Q4 2012', 'Q33', 'three months after the offering'])
      expect(q3.test(t), t).toBe(false)
    expect(quarterWording(1).test('FIRST QUARTER')).toBe(true)
  })
})

describe('analyzeQuery', () => {
  it('gives terms, phrases, periods and answer type once', () => {
    const q = analyzeQuery('How much did content acquisition costs rise in 2010?')
    expect(q.answerType).toBe('amount')
    expect(q.periods.map((p) => p.year)).toEqual([2010])
    expect(q.terms.length).toBeGreaterThan(0)
    expect(q.phrases.length).toBe(1)
    expect(q.phrases[0]?.slice(0, 3)).toEqual(analyzeQuery('content acquisition costs').phrases[0])
    expect(q).not.toHaveProperty('vector')
    expect(analyzeQuery('x', { vector: null }).vector).toBeNull()
  })
})

describe('questionSubject', () => {
  it('drops the degree frame and delexical verbs, keeps what the question is about', () => {
    const q = analyzeQuery('How much revenue did Acme make in 2011, and how fast did it grow?')
    expect(q.terms).toEqual(expect.arrayContaining(keywordTerms('revenue Acme 2011 grow')))
    for (const t of keywordTerms('make fast')) expect(q.terms).not.toContain(t)
    expect(q.answerType).toBe('amount')
    expect(analyzeQuery('How much cash went to buying equipment?').terms).not.toContain(stem('went'))
  })

  it("searches the form's caption for a location: the principal executive offices", () => {
    const where = searchTerms(analyzeQuery('Where is Acme based?'))
    for (const t of keywordTerms('principal executive offices'))
      expect(where.termWeights[where.terms.indexOf(t)]).toBe(DERIVE_WEIGHT)
    const other = searchTerms(analyzeQuery('How many employees does Acme have?'))
    expect(other.terms).not.toContain(stem('executive'))
  })

  it('reads "how much money" as the frame of an amount, and money elsewhere as a word', () => {
    const q = analyzeQuery('How much money did Acme lose in 2013?')
    expect(q.terms).toEqual(keywordTerms('Acme lose 2013'))
    expect(q.answerType).toBe('amount')
    expect(analyzeQuery('How much cash did Acme have?').terms).toContain(stem('cash'))
    expect(analyzeQuery('What will Acme spend the money on?').terms).toContain(stem('money'))
  })

  it('keeps names and terms of art that only look delexical, and can be switched off', () => {
    expect(questionSubject('Was Take-Two paid a make-whole premium?')).toContain('Take-Two')
    expect(questionSubject('Was Take-Two paid a make-whole premium?')).toContain('make-whole')
    expect(analyzeQuery('How fast did revenue grow?', { frame: false }).terms).toContain(stem('fast'))
  })
})

describe('splitQuestion', () => {
  it('splits at a coordinator that opens a new interrogative clause', () => {
    expect(splitQuestion('How much revenue did Facebook make in 2011, and how fast did it grow?')).toEqual([
      'How much revenue did Facebook make in 2011?',
      'how fast did it grow?',
    ])
    expect(splitQuestion('What was X and what was Y?')).toEqual(['What was X?', 'what was Y?'])
    expect(splitQuestion('How large is the credit line, and has it borrowed against it?')).toEqual([
      'How large is the credit line?',
      'has it borrowed against it?',
    ])
    expect(splitQuestion('What is the price; is it fixed?')).toEqual(['What is the price?', 'is it fixed?'])
  })

  it('leaves coordinated nouns and verbs in one question', () => {
    for (const q of [
      'Who are the directors and officers?',
      'What share of revenue came from Facebook and Zynga?',
      'Which shares were sold and were approved by holders?',
      'What are the risks and uncertainties?',
    ])
      expect(splitQuestion(q)).toEqual([q])
  })
})

describe('holdsAnswerType for a name', () => {
  it('reads a person or a firm, not the title of a law or a document', () => {
    expect(holdsAnswerType('Morgan Stanley & Co. LLC is acting as representative.', 'name')).toBe(true)
    expect(holdsAnswerType('Our chief executive is Joseph Kennedy.', 'name')).toBe(true)
    expect(holdsAnswerType('Liabilities under the Securities Act of 1933.', 'name')).toBe(false)
    expect(holdsAnswerType('Options granted under the Equity Incentive Plan.', 'name')).toBe(false)
  })
})
