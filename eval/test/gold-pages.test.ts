import { describe, expect, it } from 'vitest'
import { goldLabels, labelsOnPdfPages } from '../src/gold-pages'

// A 10-K as stored: an unnumbered cover, printed page "37" on PDF page 38, and printed page "38"
// whose text runs over PDF pages 39 and 40.
const pages = [
  { label: '1', pdfPages: [1, 2] },
  { label: '36', pdfPages: [37] },
  { label: '37', pdfPages: [38] },
  { label: '38', pdfPages: [39, 40] },
  { label: 'F-1', pdfPages: [41] },
]

describe('physical-page gold as printed labels', () => {
  it('maps PDF pages to the printed pages that run over them', () => {
    expect(labelsOnPdfPages(pages, [38])).toEqual(['37'])
    expect(labelsOnPdfPages(pages, [40])).toEqual(['38'])
    expect(labelsOnPdfPages(pages, [2, 41])).toEqual(['1', 'F-1'])
    expect(labelsOnPdfPages(pages, [99])).toEqual([])
  })
  it('leaves printed-label gold as it is', () => {
    expect(goldLabels({ by: 'label', pages: ['37', 'F-1'] }, pages)).toEqual(['37', 'F-1'])
    expect(goldLabels({ by: 'pdf', pages: [38, 39] }, pages)).toEqual(['37', '38'])
  })
  it('a label printed twice (an exhibit restarting its numbering) is one gold label', () => {
    expect(labelsOnPdfPages([...pages, { label: '37', pdfPages: [60] }], [38, 60])).toEqual(['37'])
  })
})
