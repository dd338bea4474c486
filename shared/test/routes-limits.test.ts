import { Value } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { AskBodySchema, SourcesQuerySchema } from '../src/contract/api'
import {
  HISTORY_ITEM_MAX_CHARS,
  HISTORY_MAX_ITEMS,
  QUESTION_MAX_CHARS,
  SOURCES_MAX_K,
} from '../src/contract/limits'
import { API_PATHS, isApiPath, ROUTES } from '../src/contract/routes'

describe('route table', () => {
  it('lists each path once', () => {
    expect(new Set(API_PATHS).size).toBe(API_PATHS.length)
    expect(API_PATHS).toContain(ROUTES.session)
  })
  it('tells API paths (and paths below them) from the web app’s', () => {
    for (const p of [
      '/ask',
      '/session',
      '/sources?filing=x&page=1',
      '/docs/static/index.html',
      '/openapi.json',
    ])
      expect(isApiPath(p), p).toBe(true)
    for (const p of ['/', '/asking', '/filings-list', '/assets/app.js', '/some/client/route'])
      expect(isApiPath(p), p).toBe(false)
  })
})

describe('limits', () => {
  const history = (n: number, chars = 10) =>
    Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'x'.repeat(chars) }))
  it('are what the request schemas enforce', () => {
    const ask = (question: string, h = history(0)) =>
      Value.Check(AskBodySchema, { filing: 'acme-s1', question, history: h })
    expect(ask('q'.repeat(QUESTION_MAX_CHARS))).toBe(true)
    expect(ask('q'.repeat(QUESTION_MAX_CHARS + 1))).toBe(false)
    expect(ask('q', history(HISTORY_MAX_ITEMS))).toBe(true)
    expect(ask('q', history(HISTORY_MAX_ITEMS + 1))).toBe(false)
    expect(ask('q', history(2, HISTORY_ITEM_MAX_CHARS))).toBe(true)
    expect(ask('q', history(2, HISTORY_ITEM_MAX_CHARS + 1))).toBe(false)
    expect(Value.Check(SourcesQuerySchema, { filing: 'a', q: 'x', k: SOURCES_MAX_K })).toBe(true)
    expect(Value.Check(SourcesQuerySchema, { filing: 'a', q: 'x', k: SOURCES_MAX_K + 1 })).toBe(false)
  })
})
