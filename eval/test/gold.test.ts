/**
 * The question sets' gold checked against the page texts the ingest itself recovers from the EDGAR
 * HTML: every gold fact is on one of its gold pages and every gold page holds a gold fact (the
 * questions README's rules), so no gold page or fact in `eval/questions` is a guess.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { readPages } from '@asks1/ingest'
import { describe, expect, it } from 'vitest'
import { containsFact } from '../src/metrics'
import { readS1Questions } from '../src/questions'

const ROOT = resolve(import.meta.dirname, '../..')
const SOURCES: Record<string, string[]> = {
  'pandora-s1': [resolve(ROOT, 'samples/pandora-s1.htm')],
  'facebook-s1': [resolve(ROOT, '../shared/data/filings/facebook-s1.htm')],
}

describe.each(Object.entries(SOURCES))('%s gold pages and facts', (filing, candidates) => {
  const file = candidates.find((f) => existsSync(f))
  it.skipIf(!file)('every fact is on a gold page and every gold page holds a fact', async () => {
    const { pages } = await readPages(file as string)
    const text = new Map<string, string>()
    for (const p of pages) text.set(p.label, `${text.get(p.label) ?? ''} ${p.text}`)
    const problems: string[] = []
    for (const q of readS1Questions(resolve(ROOT, `eval/questions/${filing}.jsonl`))) {
      if (q.kind === 'negative' || q.gold.by !== 'label') continue
      for (const fact of q.facts)
        if (!q.gold.pages.some((p) => containsFact(text.get(p) ?? '', fact)))
          problems.push(`${q.id}: "${fact}" is on no gold page`)
      for (const p of q.gold.pages)
        if (!q.facts.some((f) => containsFact(text.get(p) ?? '', f)))
          problems.push(`${q.id}: gold page ${p} holds no gold fact`)
    }
    expect(problems).toEqual([])
  })
})
