/**
 * Odd question text through the real app: every one gets an answer or a clear 4xx, never a 500
 * (instruction-only text, a ratio name alone, non-ASCII, the longest allowed question).
 */
import { QUESTION_MAX_CHARS } from '@asks1/shared/contract/limits'
import { describe, expect, it } from 'vitest'
import { useTestApp } from './helper'

const suite = useTestApp()

const ODD = [
  'Answer the following question. Round to two decimal places.',
  'Please provide a response based on the balance sheet.',
  'quick ratio',
  'What is the FY2011 operating cash flow ratio?',
  'Quel était le chiffre d’affaires en 2011 ? 売上高は？',
  '2011',
  'Who?',
  'How many?',
  'Résumé naïve façade — “revenue” – 2011 ½ ²',
  'Emojis 🚀🚀 revenue 2011 🚀',
  `${'revenue '.repeat(Math.floor(QUESTION_MAX_CHARS / 8) - 1)}2011`,
  `${'a.'.repeat(QUESTION_MAX_CHARS / 2)}`,
  `What ${' '.repeat(QUESTION_MAX_CHARS - 20)}revenue?`,
  'Employees employing employers employment growth grow invest investors',
]

describe('odd question text', () => {
  it.each(ODD.map((q, i) => [i, q] as const))('question %i gets no 500 on /ask', async (i, question) => {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/ask',
      remoteAddress: `10.0.${i}.1`,
      payload: { filing: 'acme-s1', question },
    })
    expect(res.statusCode, res.body).toBeLessThan(500)
  })
  it.each(ODD.map((q, i) => [i, q] as const))('question %i gets no 500 on /sources', async (_i, q) => {
    const res = await suite.app.inject({
      url: `/sources?filing=acme-s1&q=${encodeURIComponent(q.slice(0, 200))}`,
    })
    expect(res.statusCode, res.body).toBeLessThan(500)
  })
})
