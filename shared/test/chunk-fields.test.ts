import { describe, expect, it } from 'vitest'
import type { Chunk } from '../src/contract/chunk'
import { chunkFields } from '../src/retrieval/store/common'

const chunk = (section: string | null, innerSections?: string[]): Chunk => ({
  id: 'c',
  filing: 'f',
  version: 'v',
  ordinal: 0,
  text: '[p.78] Our patents … Employees As of January 31, 2011, we had 295 employees.',
  pages: ['78'],
  pdfPages: [],
  section,
  fallback: false,
  ...(innerSections ? { innerSections } : {}),
})

describe('chunkFields', () => {
  it('indexes a chunk under its start path alone when no heading starts inside it', () => {
    const f = chunkFields(chunk('BUSINESS › Intellectual Property'))
    expect(f.heading).toBe('BUSINESS › Intellectual Property')
    expect(f.body).not.toContain('[p.78]')
  })

  it('indexes a chunk spanning two subsections under both, with both standard sections described', () => {
    const alone = chunkFields(chunk('BUSINESS › Intellectual Property'))
    const both = chunkFields(chunk('BUSINESS › Intellectual Property', ['BUSINESS › Employees']))
    expect(both.heading.split('\n')).toEqual(['BUSINESS › Intellectual Property', 'BUSINESS › Employees'])
    // The Employees section's Regulation S-K description joins the form field (vocabulary.ts).
    expect(alone.form).not.toMatch(/persons employed/)
    expect(both.form).toMatch(/persons employed/)
  })
})
