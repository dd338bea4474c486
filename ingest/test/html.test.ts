import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { htmlLines, isHtml, unwrapEdgar } from '../src/html'
import { type ReadResult, readPages, readPagesFromData } from '../src/read'
import { PANDORA_HTM } from './helpers'

describe('EDGAR HTML (samples/pandora-s1.htm, SGML-wrapped)', () => {
  let result: ReadResult
  const source = readFileSync(PANDORA_HTM, 'latin1')
  beforeAll(async () => {
    result = await readPages(PANDORA_HTM)
  })

  it('unwraps the SGML envelope to the first document', () => {
    expect(source.startsWith('<DOCUMENT>')).toBe(true)
    const html = unwrapEdgar(source)
    expect(html.trimStart().startsWith('<HTML>')).toBe(true)
    expect(html).not.toContain('<TYPE>S-1')
    expect(isHtml(source)).toBe(true)
    expect(unwrapEdgar('<html><body>x</body></html>')).toBe('<html><body>x</body></html>')
  })

  it('takes labels from centred blocks that end a page', () => {
    const { markers, htmlPages } = htmlLines(source)
    expect(markers.every((m) => m.via === 'html')).toBe(true)
    expect(markers.map((m) => m.label).slice(0, 4)).toEqual(['i', '1', '2', '3'])
    expect(markers).toHaveLength(161)
    expect(htmlPages).toBeGreaterThanOrEqual(161)
  })

  it('recovers i, 1-119, F-1-F-34, II-1-II-7 in order', () => {
    const labels = result.pages.filter((p) => !p.fallback).map((p) => p.label)
    expect(labels).toEqual([
      'i',
      ...Array.from({ length: 119 }, (_, i) => String(i + 1)),
      ...Array.from({ length: 34 }, (_, i) => `F-${i + 1}`),
      ...Array.from({ length: 7 }, (_, i) => `II-${i + 1}`),
    ])
    expect(result.pages.every((p) => p.pdfPages.length === 0)).toBe(true)
    expect(result.report.source).toBe('html')
  })

  it('text before a label belongs to it; the label itself is not text', () => {
    const one = result.pages.find((p) => p.label === '1')
    expect(one?.text).toContain('PROSPECTUS SUMMARY')
    expect(one?.text.split('\n').at(-1)).not.toBe('1')
    const cover = result.pages.find((p) => p.label === 'i')
    expect(cover?.text).toContain('SECURITIES AND EXCHANGE COMMISSION')
    expect(cover?.matter).toBe('front')
  })

  it('trims Part II and what follows; --skip-pages forces a later front cut', async () => {
    const back = result.pages.filter((p) => p.matter === 'back').map((p) => p.label)
    expect(back.slice(0, 7)).toEqual(['II-1', 'II-2', 'II-3', 'II-4', 'II-5', 'II-6', 'II-7'])
    expect(result.pages.filter((p) => p.matter === 'front').map((p) => p.label)).toEqual(['i'])
    // HTML "physical" pages are counted by page breaks; the cover and TOC take the first few.
    const skipped = await readPagesFromData(new Uint8Array(readFileSync(PANDORA_HTM)), 'pandora', {
      skipPages: 12,
    })
    const front = skipped.pages.filter((p) => p.matter === 'front').map((p) => p.label)
    expect(front[0]).toBe('i')
    expect(front.length).toBeGreaterThan(1)
    expect(front).toContain('1')
    expect(skipped.report.trimmed.front).toBe(front.length)
  })

  it('splits a cover and table of contents off the first body page when they carry no label', async () => {
    const toc = [
      'Prospectus summary',
      '1',
      'Risk factors',
      '4',
      'Use of proceeds',
      '9',
      'Capitalization',
      '11',
      'Business',
      '15',
      'Index to financial statements',
      'F-1',
    ]
    const body = Array.from(
      { length: 12 },
      (_, i) => `<p>Body sentence ${i} of the first printed page, long enough to count.</p>`,
    ).join('')
    const html = `<html><body>
      <div style="page-break-after:always"><p>Cover: 1,000,000 shares of common stock</p></div>
      <div style="page-break-after:always"><p>TABLE OF CONTENTS</p>${toc.map((t) => `<div>${t}</div>`).join('')}<p>Trailing notice on the contents page.</p></div>
      <div style="page-break-after:always">${body}<p align="center">1</p></div>
      <div style="page-break-after:always"><p>Second page.</p><p align="center">2</p></div>
      <div><p>Third page.</p><p align="center">3</p></div></body></html>`
    const { pages } = await readPagesFromData(new TextEncoder().encode(html), 'toc.html')
    expect(pages.map((p) => [p.label, p.matter, p.fallback ?? false])).toEqual([
      ['1', 'front', true],
      ['1', 'body', false],
      ['2', 'body', false],
      ['3', 'body', false],
    ])
    expect(pages[0]?.text).toContain(
      'Index to financial statements\nF-1\nTrailing notice on the contents page.',
    )
    expect(pages[1]?.text.startsWith('Body sentence 0')).toBe(true)
  })

  it('reads plain HTML (no wrapper) with div page breaks and inline labels', async () => {
    const page = (body: string, label: string) =>
      `<div style="page-break-after:always"><p>${body}</p><div style="text-align:center"><font>${label}</font></div></div>`
    const html = `<html><body>${page('Cover page text.', 'i')}${page('First body page.', '1')}${page('Second body page.', '2')}${page('Third.', '3')}</body></html>`
    const { pages } = await readPagesFromData(new TextEncoder().encode(html), 'mini.html')
    expect(pages.map((p) => [p.label, p.text, p.matter])).toEqual([
      ['i', 'Cover page text.', 'front'],
      ['1', 'First body page.', 'body'],
      ['2', 'Second body page.', 'body'],
      ['3', 'Third.', 'body'],
    ])
  })
})
