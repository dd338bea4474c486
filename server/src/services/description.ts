/**
 * The opening of the first section that describes the business, for a question asking what the
 * filer is or does (form-answers.ts): the summary's overview in a prospectus (Regulation S-K Item
 * 503(a)), Business in a 10-K (Item 101). The sections' passages are found by their titles, as a
 * list's are (answer-text.ts `withListSection`); the section opens at its heading on a page at or
 * before the earliest of them. Reads a few stored pages, for this kind of question only.
 */

import type { TextUnit } from '@asks1/shared/contract/sentences'
import { formSectionOf, formSectionsOfPath } from '@asks1/shared/retrieval/vocabulary'
import type { Store } from '@asks1/shared/store'
import { DESCRIPTION_SECTIONS, describesBusiness, describingUnits } from '../answer/form-answers'
import { sectionTitle } from '../answer/name-lists'
import { stemsOf } from '../answer/stems'
import type { Hits } from './question'

/**
 * The sentences describing the filer at the opening of its describing section: `hits` are the
 * question's passages, `search` finds a section's passages by its title, `own` is the filer's name
 * as index terms. Empty when no such opening describes the filer.
 */
export async function describingOpening(
  store: Pick<Store, 'listPages' | 'getPage'>,
  key: string,
  hits: Hits,
  own: readonly string[],
  search: (title: string) => Promise<Hits>,
): Promise<TextUnit[]> {
  const found: Hits = [...hits]
  for (const id of DESCRIPTION_SECTIONS) found.push(...(await search(sectionTitle(id))))
  const inSection = found.filter(describes).sort((a, b) => a.chunk.ordinal - b.chunk.ordinal)
  const last = inSection[0]?.chunk.pages[0]
  return last ? openingUnits(store, key, last, own) : []
}

/** Passages in a section that describes the business (the summary, Item 503(a); Business, Item 101). */
const describes = (h: Hits[number]) => describesBusiness(formSectionsOfPath(h.chunk.section)[0]?.id)

/** Most pages a section's opening is looked for before its earliest passage found. */
const OPENING_REACH = 20

/**
 * The describing sentences of a describing section's opening: from its heading (a line printing
 * nothing but one of the sections' titles: "PROSPECTUS SUMMARY", "Item 1. BUSINESS"), the nearest
 * at or before `last`, to the end of the next page, headings left out (`describingUnits`). Read
 * backwards from `last`, so a table of contents, which prints the titles too, is not taken for the
 * section; a heading after which nothing describes the filer is passed over.
 */
async function openingUnits(
  store: Pick<Store, 'listPages' | 'getPage'>,
  key: string,
  last: string,
  own: readonly string[],
): Promise<TextUnit[]> {
  const order = await store.listPages(key)
  const end = order.indexOf(last)
  for (let i = end; i >= Math.max(0, end - OPENING_REACH); i--) {
    const page = await store.getPage(key, order[i] as string)
    const lines = page?.text.split('\n') ?? []
    const at = lines.findIndex(describesTitle)
    if (!page || at < 0) continue
    const next = order[i + 1] ? await store.getPage(key, order[i + 1] as string) : null
    const units = describingUnits(
      [
        { text: lines.slice(at + 1).join('\n'), startPage: page.label },
        ...(next ? [{ text: next.text, startPage: next.label }] : []),
      ],
      own,
      stemsOf,
    )
    if (units.length > 0) return units
  }
  return []
}

/** A line printing only the title of a section that describes the business ("Item 1. Business"). */
const describesTitle = (line: string) => describesBusiness(formSectionOf(line.trim())?.id)
