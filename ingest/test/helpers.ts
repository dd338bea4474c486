import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { linesOfPage } from '../src/layout'
import { extractPdf } from '../src/pdf'
import { pdfTables } from '../src/tables/pdf-tables'

export const ROOT = resolve(import.meta.dirname, '../..')
export const FACEBOOK_PDF = resolve(ROOT, 'samples/facebook-s1.pdf')
export const PANDORA_HTM = resolve(ROOT, 'samples/pandora-s1.htm')
export const FIXTURES = resolve(import.meta.dirname, 'fixtures')
export const CLI = resolve(ROOT, 'ingest/src/cli.ts')

export const bytes = (path: string) => new Uint8Array(readFileSync(path))

/** facebook-s1.pdf's physical pages 160–162 (printed F-3 to F-5) as ingest pages with their tables. */
export async function statementPages(): Promise<PageRecord[]> {
  const physical = await extractPdf(bytes(FACEBOOK_PDF), { pages: [160, 161, 162] })
  return physical.map((p, i) => {
    const label = `F-${i + 3}`
    const lines = linesOfPage(p as never)
    return {
      label,
      pdfPages: [160 + i],
      text: `${lines.map((l) => l.text).join('\n')}`,
      matter: 'body',
      tables: pdfTables(lines, label),
    }
  })
}
