import { describe, expect, it } from 'vitest'
import { printsDuration } from '../src/retrieval/durations'
import { answerTypeOf, holdsAnswerType } from '../src/retrieval/query'

describe('a question asking for a duration', () => {
  it.each([
    ['How long is the lock-up period?', 'duration'],
    ['For how many days after the offering can insiders not sell?', 'duration'],
    ["How long is the underwriters' option to purchase additional shares?", 'duration'],
    ['For how long after the IPO are insiders prevented from selling their shares?', 'duration'],
    ['What period does the lock-up cover?', 'duration'],
    ["What is Facebook's lock-up period for directors?", 'duration'],
    ['What was the length of the restricted period?', 'duration'],
    // Not a span: the head of the phrase is another noun, or "what" governs a point in time.
    ['What was revenue in the period?', 'other'],
    ['In what year did the plan start?', 'date'],
    ['How many employees does it have?', 'count'],
  ])('%s → %s', (q, type) => {
    expect(answerTypeOf(q)).toBe(type)
  })
})

describe('a passage printing a duration', () => {
  it.each([
    'for a period of 180 days after the date of this prospectus',
    'an option, exercisable for 30 days from the date of this prospectus',
    'the underwriters have a 30-day option to purchase additional shares',
    'vesting over two years',
    'a term of one hundred eighty (180) days',
    'a period of ninety days',
    'may not sell until the 181st day after the date of this prospectus',
    'within ten business days of closing',
  ])('%s', (text) => {
    expect(printsDuration(text)).toBe(true)
    expect(holdsAnswerType(text, 'duration')).toBe(true)
  })

  it.each([
    'revenue for the three months ended March 31, 2012',
    'net loss for the six months ending June 30',
    'our initial public offering price of $38.00 per share',
    'as of December 31, 2011',
    'in 2011 and 2010',
    'Daysland Holdings LLC',
  ])('not: %s', (text) => {
    expect(printsDuration(text)).toBe(false)
  })
})
