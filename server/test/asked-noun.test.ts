import type { SearchHit } from '@asks1/shared/store'
import { describe, expect, it } from 'vitest'
import { possessedAnswerType } from '../src/answer/asked-noun'
import { extractiveAnswer } from '../src/answer/extractive'
import { analyzeQuestion } from '../src/answer/question'
import { ACME_PAGES, chunksOf } from './helper'

const base = (chunksOf('acme-s1', ACME_PAGES)[0] as SearchHit['chunk']) ?? null
const company = 'Acme Rockets, Inc.'
const tagged = (label: string, text: string): SearchHit => ({
  chunk: { ...base, text: `[p.${label}] ${text}`, pages: [label], section: null },
  score: 1,
})

describe('the noun a "what" question asks for past a possessive (asked-noun.ts)', () => {
  it('reads the head of the possessed noun phrase with the query module’s nouns', () => {
    expect(possessedAnswerType('What is Jane Doe-Smith’s home address?')).toBe('location')
    expect(possessedAnswerType("What was Acme's closing share price on its first day of trading?")).toBe(
      'amount',
    )
    expect(possessedAnswerType("What is the company's revenue growth rate?")).toBe('percentage')
    // The head names no kind of answer, or there is no possessive: nothing is read.
    expect(possessedAnswerType("What was Acme's net income in 2011?")).toBe('other')
    expect(possessedAnswerType("What is Acme's principal line of business?")).toBe('other')
    expect(possessedAnswerType('What is the initial public offering price per share?')).toBe('other')
  })

  it('keeps an answer type the interrogative already gives, and reads a double-barrelled name as one', () => {
    expect(analyzeQuestion('How much did Acme earn?', company).answerType).toBe('amount')
    const q = analyzeQuestion('What is Jane Doe-Smith’s home address?', company)
    expect(q.answerType).toBe('location')
    expect(q.names).toEqual(expect.arrayContaining(['doe-smith', 'smith']))
  })
})

describe('abstaining by the kind of answer the possessed noun asks', () => {
  it('says nothing of a personal detail from the passages naming the person', () => {
    const hits = [
      tagged('155', 'Jane Doe-Smith has served as our President and Chief Executive Officer since 2017.'),
      tagged(
        '150',
        'Name Age Position(s) Executive officers Jane Doe-Smith 41 President, Chief Executive Officer and Director Kelly Gold 47 Chief Financial Officer',
      ),
    ]
    const r = extractiveAnswer('What is Jane Doe-Smith’s home address?', hits, { company })
    expect(r.abstention?.reason).toBe('no-subject')
    expect(r.text).not.toMatch(/\[p\./)
  })

  it('answers a price only with a sum of money: a count of shares or a percentage is no price', () => {
    const hits = [
      tagged(
        '75',
        'Based on 12,685,119 shares of common stock outstanding, upon the closing of this offering we will have a total of 19,505,119 shares of common stock outstanding.',
      ),
      tagged(
        '92',
        'Employees are able to purchase shares at 85% of the fair market value of our common stock on the first trading day of the offering period.',
      ),
    ]
    const q = "What was Acme's closing share price on its first day of trading?"
    expect(extractiveAnswer(q, hits, { company }).abstention?.reason).toBe('no-figure')
    const priced = [
      ...hits,
      tagged('39', 'The closing price of our common stock on the first day of trading was $44.90 per share.'),
    ]
    const a = extractiveAnswer(q, priced, { company })
    expect(a.abstention).toBeNull()
    expect(a.text).toMatch(/\$44\.90 per share.*\[p\.39\]/)
  })
})
