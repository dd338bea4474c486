/**
 * The ONE store contract suite: every Store implementation runs exactly these tests
 * (store-sqlite.test.ts, store-qdrant-fake.test.ts, and store-qdrant-real.test.ts when QDRANT_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Chunk, PageRecord } from '../src/contract/chunk'
import type { Table } from '../src/contract/tables'
import type { Embedder } from '../src/retrieval/embedder'
import { analyzeQuery } from '../src/retrieval/query'
import { ROW_HOSTS } from '../src/retrieval/rows'
import { type Store, UnknownFilingError, UnknownVersionError } from '../src/retrieval/store/types'

export interface ContractTarget {
  store: Store
  /** Removes whatever the store created (files, collections). */
  cleanup(): Promise<void>
}

export interface ContractOptions {
  /** A real (tiny) embedder for the dense-ranking tests; absent → those tests use hand-made vectors only. */
  embedder?: () => Promise<Embedder>
}

const DIM = 8

/** A unit vector along axis `i` (plus a little of axis i+1, so no two chunks tie). */
function axis(i: number, tilt = 0.1): Float32Array {
  const v = new Float32Array(DIM)
  v[i % DIM] = 1
  v[(i + 1) % DIM] = tilt
  const n = Math.hypot(...v)
  return v.map((x) => x / n)
}

/** A question's search terms, as `retrieve` hands them to a store. */
export const termsOf = (question: string): string[] => analyzeQuery(question).terms

export function makeChunk(
  filing: string,
  ordinal: number,
  text: string,
  pages: string[],
  section: string | null = null,
): Chunk {
  return {
    id: `${filing}-${ordinal}`,
    filing,
    version: 'unset',
    ordinal,
    text: `[p.${pages[0]}] ${text}`,
    pages,
    pdfPages: pages.map((_, i) => ordinal + i + 1),
    section,
    fallback: false,
  }
}

const ACME_TEXTS = [
  'Our dollar-based net retention rate was 900% for customers that joined in 2021, driven by expansion.',
  'Holders of Class F common stock hold 50.1% of the total voting power and elect a majority of the board.',
  'The Long-Term Benefit Trust may elect directors; its trustees have no financial interest in the company.',
  'Revenue was $1.2 billion in fiscal 2023, compared with $340 million in the prior year.',
  'We had 3,711 full-time employees as of December 31, 2023, located mainly in San Francisco.',
  'Risks related to our industry include competition from larger technology companies and regulation.',
  'About 50% of our revenue came from 1% of our customers, a concentration that creates risk.',
  'Our headquarters lease in San Francisco expires in 2030; we believe our facilities are adequate.',
]
const ACME_SECTIONS = [
  'Key Metrics',
  'Description of Capital Stock',
  'Management',
  'MD&A',
  'Employees',
  'Risk Factors',
  'Risk Factors',
  'Properties',
]
const ACME_PAGES = [['12'], ['154'], ['155', '156'], ['60'], ['98'], ['20'], ['21'], ['F-16']]

export function acmeChunks(version = 'unset'): Chunk[] {
  return ACME_TEXTS.map((t, i) => ({
    ...makeChunk('acme', i, t, ACME_PAGES[i] as string[], ACME_SECTIONS[i] ?? null),
    version,
  }))
}

/** A table part on p.60 continuing one begun on p.59: its rows keep their own printed page. */
export const ACME_TABLE: Table = {
  page: '60',
  title: 'Consolidated Statements of Operations',
  units: { label: 'thousands', scale: 1000, exceptPerShare: true, exceptShares: false },
  columns: [
    { label: 'Year Ended December 31, 2022', period: 'Year ended December 31, 2022' },
    { label: 'Year Ended December 31, 2023', period: 'Year ended December 31, 2023' },
  ],
  rows: [
    {
      label: 'Total revenue',
      page: '60',
      cells: [
        { text: '$ 340,112', value: 340_112_000 },
        { text: '$ 1,200,400', value: 1_200_400_000 },
      ],
    },
    {
      label: 'Net loss per share',
      page: '60',
      cells: [
        { text: '(0.84 )', value: -0.84 },
        { text: '—', value: null },
      ],
    },
  ],
  continued: true,
}

export function acmePages(): PageRecord[] {
  return ['12', '20', '21', '60', '98', '154', '155', '156', 'F-16'].map((label, i) => ({
    label,
    pdfPages: [i + 10],
    text: `Text of printed page ${label}.${label === 'F-16' ? ' Lease commitments: $12 million.' : ''}`,
    matter: 'body',
    ...(label === '60' ? { tables: [ACME_TABLE] } : {}),
  }))
}

const BRAVO_TEXTS = [
  'Starlink subscribers grew to 4 million; launch cadence reached 900% of the 2019 level.',
  'Bravo rockets are reusable; the Falcon program drives most launch revenue.',
]

export function bravoChunks(): Chunk[] {
  return BRAVO_TEXTS.map((t, i) => makeChunk('bravo', i, t, [String(i + 1)]))
}

async function ingest(
  store: Store,
  filing: string,
  chunks: Chunk[],
  pages: PageRecord[],
  vectors: (i: number) => Float32Array[],
  dim: number | null = DIM,
) {
  const w = await store.beginVersion(filing, { dim })
  await w.addPages(pages)
  await w.addChunks(
    chunks.map((chunk, i) => ({ chunk: { ...chunk, version: w.version }, vectors: vectors(i) })),
  )
  return w.commit({ meta: { source: `${filing}.pdf` } })
}

export function storeContract(
  name: string,
  open: () => Promise<ContractTarget>,
  options: ContractOptions = {},
) {
  describe(`Store contract: ${name}`, () => {
    let target: ContractTarget
    let store: Store
    let firstVersion: string

    beforeAll(async () => {
      target = await open()
      store = target.store
      await store.ping()
      // Chunk i of acme gets vector axis(i): dense search has a known right answer.
      firstVersion = (
        await ingest(store, 'acme', acmeChunks(), acmePages(), (i) => [axis(i), axis(i + 3, 0.5)])
      ).version
      await ingest(
        store,
        'bravo',
        bravoChunks(),
        [{ label: '1', pdfPages: [1], text: 'Bravo page one.', matter: 'body' }],
        (i) => [axis(i)],
      )
    })

    afterAll(async () => {
      await target?.cleanup()
    })

    it('lists ingested filings with version, counts and ingest time', async () => {
      const all = await store.listFilings()
      const acme = all.find((f) => f.filing === 'acme')
      expect(all.map((f) => f.filing).sort()).toEqual(['acme', 'bravo'])
      expect(acme).toMatchObject({
        version: firstVersion,
        chunks: 8,
        pages: 9,
        embedded: true,
        fallback: false,
      })
      expect(acme?.meta).toEqual({ source: 'acme.pdf' })
      expect(Number.isNaN(Date.parse(acme?.ingestedAt ?? ''))).toBe(false)
      expect(await store.status('acme')).toEqual(acme)
      expect(await store.status('nobody')).toBeNull()
    })

    it('checks a sound live version as sound, and has nothing to say about an unknown filing', async () => {
      expect(await store.check('acme')).toBeNull()
      expect(await store.check('bravo')).toBeNull()
      expect(await store.check('nobody')).toBeNull()
    })

    it('finds a numeric fact by keyword (900%, 50.1%, $1.2 billion, 3,711)', async () => {
      for (const [q, ordinal] of [
        ['What was the net retention 900%?', 0],
        ['Which class holds 50.1%?', 1],
        ['revenue of $1.2 billion', 3],
        ['3,711', 4],
      ] as const) {
        const hits = await store.search('acme', { terms: termsOf(q), vector: null, k: 3 })
        expect(hits[0]?.chunk.ordinal, q).toBe(ordinal)
        expect(hits[0]?.keywordRank).toBe(1)
        expect(hits[0]?.denseRank).toBeUndefined()
      }
    })

    it('reaches a section through what the form says it holds (persons employed → Employees)', async () => {
      // No word of the question is in the chunk's text: "employ" stems apart from "employees",
      // but the Employees section's description (Regulation S-K Item 101) says "persons employed".
      const hits = await store.search('acme', {
        terms: termsOf('How many persons does it employ?'),
        vector: null,
        k: 3,
      })
      expect(hits[0]?.chunk.ordinal).toBe(4)
    })

    it("weighs each term by its query weight (expansion terms below the question's own)", async () => {
      // "headquarters" is in chunk 7 only, "competition" in chunk 5 only: the weight decides.
      const terms = [...termsOf('headquarters'), ...termsOf('competition')]
      const top = async (termWeights: number[]) =>
        (await store.search('acme', { terms, termWeights, vector: null, k: 2 }))[0]?.chunk.ordinal
      expect(await top([1, 0.2])).toBe(7)
      expect(await top([0.2, 1])).toBe(5)
    })

    it('finds a defined term and a share class by keyword', async () => {
      const trust = await store.search('acme', {
        terms: termsOf('Long-Term Benefit Trust'),
        vector: null,
        k: 1,
      })
      expect(trust[0]?.chunk.ordinal).toBe(2)
      const cls = await store.search('acme', { terms: termsOf('Class F'), vector: null, k: 1 })
      expect(cls[0]?.chunk.ordinal).toBe(1)
    })

    it('returns whole chunks with tags, pages and section', async () => {
      const [hit] = await store.search('acme', { terms: termsOf('50.1%'), vector: null, k: 1 })
      expect(hit?.chunk).toMatchObject({
        id: 'acme-1',
        filing: 'acme',
        version: firstVersion,
        pages: ['154'],
        pdfPages: [2],
        section: 'Description of Capital Stock',
        fallback: false,
      })
      expect(hit?.chunk.text.startsWith('[p.154] Holders of Class F')).toBe(true)
    })

    it('ranks by dense vector, scoring a chunk by its best window', async () => {
      // No keyword overlap: the fused order is the dense order.
      const hits = await store.search('acme', { terms: termsOf('zzzz'), vector: axis(5), k: 3 })
      expect(hits[0]?.chunk.ordinal).toBe(5)
      expect(hits[0]?.denseRank).toBe(1)
      // axis(6) is chunk 6's first window and chunk 3's second window (axis(3 + 3)).
      const second = await store.search('acme', { terms: termsOf('zzzz'), vector: axis(6), k: 2 })
      expect(second.map((h) => h.chunk.ordinal).sort()).toEqual([3, 6])
    })

    it('fuses dense and keyword candidates with reciprocal-rank fusion', async () => {
      const hits = await store.search('acme', { terms: termsOf('San Francisco'), vector: axis(4), k: 8 })
      // Chunk 4 is first in both lists; chunk 7 only matches by keyword.
      expect(hits[0]?.chunk.ordinal).toBe(4)
      expect(hits[0]?.denseRank).toBe(1)
      expect(hits[0]?.keywordRank).toBeDefined()
      // The SQLite store fuses itself (RRF, c = 60, 1-based ranks); Qdrant computes its own RRF score.
      if (store.kind === 'sqlite')
        expect(hits[0]?.score).toBeCloseTo(1 / 61 + 1 / (60 + (hits[0]?.keywordRank ?? 0)), 6)
      expect(hits[0]?.score).toBeGreaterThan(0)
      expect(hits.find((h) => h.chunk.ordinal === 7)?.keywordRank).toBeDefined()
      for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score)
      expect(new Set(hits.map((h) => h.chunk.id)).size).toBe(hits.length)
    })

    it('respects k', async () => {
      expect(
        await store.search('acme', { terms: termsOf('revenue risk'), vector: axis(0), k: 2 }),
      ).toHaveLength(2)
    })

    it('never returns another filing’s chunks', async () => {
      // "Starlink" exists only in bravo; "900%" exists in both.
      expect(
        await store.search('acme', { terms: termsOf('Starlink subscribers'), vector: null, k: 5 }),
      ).toEqual([])
      const hits = await store.search('acme', {
        terms: termsOf('900% launch cadence Starlink'),
        vector: axis(0),
        k: 20,
      })
      expect(hits.length).toBeGreaterThan(0)
      for (const h of hits) expect(h.chunk.filing).toBe('acme')
      const bravo = await store.search('bravo', { terms: termsOf('900%'), vector: null, k: 5 })
      expect(bravo.map((h) => h.chunk.id)).toEqual(['bravo-0'])
    })

    it('gets a printed page and lists pages in order', async () => {
      const page = await store.getPage('acme', 'F-16')
      expect(page).toEqual({
        label: 'F-16',
        pdfPages: [18],
        text: 'Text of printed page F-16. Lease commitments: $12 million.',
        matter: 'body',
      })
      expect(await store.getPage('acme', 'F-99')).toBeNull()
      // Tables are kept with their page, exactly as read (values in units, rows with their page).
      expect((await store.getPage('acme', '60'))?.tables).toEqual([ACME_TABLE])
      expect(await store.listPages('acme')).toEqual([
        '12',
        '20',
        '21',
        '60',
        '98',
        '154',
        '155',
        '156',
        'F-16',
      ])
    })

    it('rejects an unknown filing', async () => {
      await expect(
        store.search('nobody', { terms: termsOf('x'), vector: null, k: 1 }),
      ).rejects.toBeInstanceOf(UnknownFilingError)
      await expect(store.getPage('nobody', '1')).rejects.toBeInstanceOf(UnknownFilingError)
    })

    it('refuses to begin a version under a bad name or width, or under the live version’s name', async () => {
      await expect(store.beginVersion('../acme', { dim: DIM })).rejects.toThrow(/Invalid filing name/)
      await expect(store.beginVersion('acme', { dim: DIM, version: 'a b' })).rejects.toThrow(
        /Invalid version name/,
      )
      for (const dim of [0, -1, 1.5]) await expect(store.beginVersion('acme', { dim })).rejects.toThrow(/dim/)
      const live = (await store.status('acme'))?.version as string
      await expect(store.beginVersion('acme', { dim: DIM, version: live })).rejects.toThrow(
        `Version acme@${live} is live`,
      )
      expect(await store.status('acme')).toMatchObject({ version: live })
    })

    it('keeps a version being built invisible, then switches atomically on commit', async () => {
      const w = await store.beginVersion('acme', { dim: DIM })
      await w.addPages([{ label: '1', pdfPages: [1], text: 'New page one.', matter: 'body' }])
      await w.addChunks([
        {
          chunk: { ...makeChunk('acme', 0, 'Brand new quasar metric of 777%.', ['1']), version: w.version },
          vectors: [axis(0)],
        },
      ])
      // Not committed: readers still see the old version only.
      expect((await store.status('acme'))?.version).toBe(firstVersion)
      expect(await store.search('acme', { terms: termsOf('quasar 777%'), vector: null, k: 5 })).toEqual([])
      expect(
        (await store.search('acme', { terms: termsOf('900%'), vector: null, k: 1 }))[0]?.chunk.version,
      ).toBe(firstVersion)
      const status = await w.commit()
      expect(status).toMatchObject({ filing: 'acme', version: w.version, chunks: 1, pages: 1 })
      expect((await store.status('acme'))?.version).toBe(w.version)
      const hits = await store.search('acme', { terms: termsOf('quasar 777%'), vector: null, k: 5 })
      expect(hits.map((h) => [h.chunk.text, h.chunk.version])).toEqual([
        ['[p.1] Brand new quasar metric of 777%.', w.version],
      ])
      expect(await store.search('acme', { terms: termsOf('900%'), vector: null, k: 5 })).toEqual([])
      expect(await store.listPages('acme')).toEqual(['1'])
      // Other filings are untouched by the switch.
      expect(
        (await store.search('bravo', { terms: termsOf('Falcon'), vector: null, k: 1 }))[0]?.chunk.id,
      ).toBe('bravo-1')
    })

    it('leaves the live version intact when a build fails or is aborted', async () => {
      const before = await store.status('acme')
      const failed = await store.beginVersion('acme', { dim: DIM })
      await failed.addChunks([
        {
          chunk: { ...makeChunk('acme', 0, 'Failed build zebra.', ['1']), version: failed.version },
          vectors: [axis(1)],
        },
      ])
      // A chunk of the wrong filing is refused, and the build is then abandoned.
      await expect(
        failed.addChunks([
          {
            chunk: { ...makeChunk('bravo', 9, 'wrong filing', ['1']), version: failed.version },
            vectors: [axis(1)],
          },
        ]),
      ).rejects.toThrow(/filing/)
      await failed.abort()
      // An empty version cannot go live.
      const empty = await store.beginVersion('acme', { dim: DIM })
      await expect(empty.commit()).rejects.toThrow()
      await empty.abort()
      expect(await store.status('acme')).toEqual(before)
      expect(await store.search('acme', { terms: termsOf('zebra'), vector: null, k: 5 })).toEqual([])
      expect((await store.search('acme', { terms: termsOf('quasar'), vector: null, k: 5 })).length).toBe(1)
    })

    it('searches a keyword-only version (no vectors) even when given a query vector', async () => {
      const w = await store.beginVersion('bravo', { dim: null })
      await w.addChunks(
        bravoChunks().map((chunk) => ({ chunk: { ...chunk, version: w.version }, vectors: [] })),
      )
      const status = await w.commit()
      expect(status.embedded).toBe(false)
      const hits = await store.search('bravo', { terms: termsOf('reusable rockets'), vector: axis(0), k: 2 })
      expect(hits[0]?.chunk.id).toBe('bravo-1')
      expect(hits[0]?.denseRank).toBeUndefined()
    })

    describe('table rows as units', () => {
      // Chunk 0 says "revenue" three times (keyword rank 1); chunk 1 prints the statement whose
      // Revenue row matches the question's line item and period; chunk 2 is a headcount table.
      const texts = [
        'Revenue grew in 2011 as revenue from advertising and revenue from payments rose.',
        'Consolidated Statements of Operations. Revenue 3,711 1,974 Costs and expenses 1,955 1,942',
        'Employees by function: Research 1,200 and 900; Sales 800 and 600',
      ]
      const chunks = () => texts.map((t, i) => makeChunk('rowsco', i, t, [`F-${i + 3}`]))
      const question = termsOf('How much revenue was there in 2011?')

      beforeAll(async () => {
        const w = await store.beginVersion('rowsco', { dim: null })
        await w.addChunks(chunks().map((chunk) => ({ chunk: { ...chunk, version: w.version }, vectors: [] })))
        await w.addRows([
          {
            host: 'rowsco-1',
            page: 'F-4',
            label: 'Revenue',
            text: 'Consolidated Statements of Operations. Revenue — Year ended December 31, 2011: $3,711 million',
          },
          {
            host: 'rowsco-2',
            page: 'F-5',
            label: 'Research',
            text: 'Employees by function. Research — 2011: 1,200; 2010: 900',
          },
        ])
        await w.commit()
      })

      it('lifts the host chunk of a matching row, and never returns a row as a hit', async () => {
        const plain = await store.search('rowsco', { terms: question, vector: null, k: 3 })
        expect(plain.map((h) => h.chunk.id).slice(0, 2)).toEqual(['rowsco-0', 'rowsco-1'])
        expect(plain.every((h) => h.rowRank === undefined)).toBe(true)
        const lifted = await store.search('rowsco', { terms: question, vector: null, k: 3, rows: true })
        expect(lifted.map((h) => h.chunk.id).slice(0, 2)).toEqual(['rowsco-1', 'rowsco-0'])
        expect(lifted[0]?.rowRank).toBe(1)
        expect(lifted[0]?.chunk.text).toBe(`[p.F-4] ${texts[1]}`)
        expect(new Set(lifted.map((h) => h.chunk.id)).size).toBe(lifted.length)
      })

      it('lifts only chunks the question’s own lists return: a row brings no chunk in', async () => {
        // k = 1: the keyword list's first is chunk 0; chunk 1's row may reorder the k, not replace it.
        const hits = await store.search('rowsco', { terms: question, vector: null, k: 1, rows: true })
        expect(hits.map((h) => [h.chunk.id, h.rowRank])).toEqual([['rowsco-0', undefined]])
      })

      it('counts a row only when its label holds a line-item term, not just the period', async () => {
        const hits = await store.search('rowsco', { terms: question, vector: null, k: 3, rows: true })
        expect(hits.find((h) => h.chunk.id === 'rowsco-2')?.rowRank).toBeUndefined()
      })

      it('lifts the hosts of the best ROW_HOSTS rows only', async () => {
        // More matching rows than ROW_HOSTS, each printed by a chunk of its own.
        const n = ROW_HOSTS + 2
        const w = await store.beginVersion('rowsdeep', { dim: null })
        const deep = Array.from({ length: n }, (_, i) =>
          makeChunk('rowsdeep', i, `Segment ${i} results. Revenue ${i + 1},000 and costs`, [`F-${i + 3}`]),
        )
        await w.addChunks(deep.map((chunk) => ({ chunk: { ...chunk, version: w.version }, vectors: [] })))
        await w.addRows(
          deep.map((c, i) => ({
            host: c.id,
            page: `F-${i + 3}`,
            label: 'Revenue',
            text: `Segment ${i}. Revenue — Year ended December 31, 2011: $${i + 1},000 thousand`,
          })),
        )
        await w.commit()
        const hits = await store.search('rowsdeep', { terms: question, vector: null, k: n, rows: true })
        expect(hits).toHaveLength(n)
        const ranks = hits.flatMap((h) => (h.rowRank === undefined ? [] : [h.rowRank])).sort()
        expect(ranks).toEqual(Array.from({ length: ROW_HOSTS }, (_, i) => i + 1))
      })

      it('rejects a row whose host chunk the version does not hold', async () => {
        const w = await store.beginVersion('rowsco', { dim: null })
        try {
          await w.addChunks(
            chunks().map((chunk) => ({ chunk: { ...chunk, version: w.version }, vectors: [] })),
          )
          await expect(
            w.addRows([{ host: 'nope', page: 'F-4', label: 'Revenue', text: 'Revenue — 1' }]),
          ).rejects.toThrow(/host chunk nope/)
        } finally {
          await w.abort()
        }
      })

      it('searches a version written without rows the same with or without `rows`', async () => {
        const plain = await store.search('acme', {
          terms: termsOf('revenue in fiscal 2023'),
          vector: null,
          k: 4,
        })
        const rows = await store.search('acme', {
          terms: termsOf('revenue in fiscal 2023'),
          vector: null,
          k: 4,
          rows: true,
        })
        expect(rows.map((h) => h.chunk.id)).toEqual(plain.map((h) => h.chunk.id))
      })
    })

    it('keeps previous versions readable by name (what an amendment is compared with)', async () => {
      const live = (await store.status('acme'))?.version
      const versions = (await store.listVersions('acme')).map((v) => v.version)
      expect(versions).toEqual([firstVersion, live])
      const old = await store.getPages('acme', { version: firstVersion })
      expect(old.map((p) => p.label)).toEqual(['12', '20', '21', '60', '98', '154', '155', '156', 'F-16'])
      expect(await store.listPages('acme', { version: firstVersion })).toEqual(old.map((p) => p.label))
      expect((await store.getPage('acme', 'F-16', { version: firstVersion }))?.text).toContain('Lease')
      // The live version is the new one: the old page is not in it.
      expect(await store.getPage('acme', 'F-16')).toBeNull()
      expect((await store.getPages('acme')).map((p) => p.label)).toEqual(['1'])
      await expect(store.getPages('acme', { version: 'no-such-version' })).rejects.toBeInstanceOf(
        UnknownVersionError,
      )
      expect(await store.listVersions('nobody')).toEqual([])
    })

    it('keeps unnumbered pages for getPages only: printed reads, counts and status ignore them', async () => {
      const pages: PageRecord[] = [
        {
          label: '1',
          pdfPages: [1],
          text: 'Cover, unnumbered. Registration No. 333-',
          matter: 'front',
          fallback: true,
        },
        { label: '1', pdfPages: [2], text: 'Printed page one.', matter: 'body' },
        { label: '2', pdfPages: [3], text: 'Printed page two.', matter: 'body' },
        { label: '4', pdfPages: [4], text: 'Part II, unnumbered.', matter: 'back', fallback: true },
      ]
      const status = await ingest(
        store,
        'charlie',
        [makeChunk('charlie', 0, 'Printed page one.', ['1'])],
        pages,
        () => [axis(0)],
      )
      expect(status).toMatchObject({ pages: 2, fallback: false })
      // The integrity check counts what the version serves, so the kept unnumbered pages are no damage.
      expect(await store.check('charlie')).toBeNull()
      expect((await store.getPage('charlie', '1'))?.text).toBe('Printed page one.')
      expect(await store.getPage('charlie', '4')).toBeNull()
      expect(await store.listPages('charlie')).toEqual(['1', '2'])
      expect((await store.getPages('charlie')).map((p) => [p.label, p.fallback === true])).toEqual([
        ['1', true],
        ['1', false],
        ['2', false],
        ['4', true],
      ])
    })

    it('drops old versions but never the live one', async () => {
      const live = (await store.status('acme'))?.version
      const dropped = await store.dropOldVersions('acme')
      expect(dropped).toContain(firstVersion)
      expect(dropped).not.toContain(live)
      expect(await store.dropOldVersions('acme')).toEqual([])
      expect((await store.status('acme'))?.version).toBe(live)
      expect((await store.search('acme', { terms: termsOf('quasar'), vector: null, k: 5 })).length).toBe(1)
    })

    if (options.embedder) {
      it('ranks a relevant chunk above an irrelevant one with the tiny real model', async () => {
        const embedder = await (options.embedder as () => Promise<Embedder>)()
        expect(embedder.status).toBe('ready')
        const texts = [
          'The company leases office space for its headquarters and data centers.',
          'Voting control rests with the founder through supervoting shares.',
          'Advertising revenue depends on the number of daily active users.',
        ]
        const vectors = await embedder.embedDocuments(texts)
        const w = await store.beginVersion('dense', { dim: embedder.dim })
        await w.addChunks(
          texts.map((t, i) => ({
            chunk: { ...makeChunk('dense', i, t, [String(i + 1)]), version: w.version },
            vectors: vectors[i] ?? [],
          })),
        )
        await w.commit()
        // A paraphrase with no keyword the store can match (stop words only besides "founder's" variants).
        const q = await embedder.embedQuery('who has voting control, the founder?')
        const hits = await store.search('dense', { terms: termsOf('zzzz'), vector: q, k: 3 })
        expect(hits[0]?.chunk.ordinal).toBe(1)
        expect(hits[0]?.denseRank).toBe(1)
      })

      it('hits a table row by its vector alone (no keyword) and lifts its host', async () => {
        const embedder = await (options.embedder as () => Promise<Embedder>)()
        // Rows of facebook-s1.pdf's income statement (p.F-4) as ingest writes them (table-units.ts).
        const title = 'CONSOLIDATED STATEMENTS OF INCOME'
        const years = (a: string, b: string, c: string) =>
          `Year ended December 31, 2009: ${a}; Year ended December 31, 2010: ${b}; Year ended December 31, 2011: ${c}`
        const rows = [
          {
            label: 'Revenue',
            text: `${title}. Revenue — ${years('$777 million', '$1,974 million', '$3,711 million')}`,
          },
          {
            label: 'Research and development',
            text: `${title}. Research and development — ${years('$87 million', '$144 million', '$388 million')}`,
          },
          {
            label: 'Net income',
            text: `${title}. Net income — ${years('$229 million', '$606 million', '$1,000 million')}`,
          },
        ]
        const texts = [
          'Advertising and payments brought in the revenue shown in the statements of income.',
          'Our engineers build the products; we invest in research and development to grow.',
          'Net income rose as operating costs grew more slowly than sales.',
          'We lease our headquarters in Menlo Park, California.',
        ]
        const build = async (filing: string, withVectors: boolean) => {
          const chunkVectors = await embedder.embedDocuments(texts)
          const rowVectors = await embedder.embedDocuments(rows.map((r) => r.text))
          const w = await store.beginVersion(filing, { dim: embedder.dim })
          await w.addChunks(
            texts.map((t, i) => ({
              chunk: { ...makeChunk(filing, i, t, [`F-${i + 3}`]), version: w.version },
              vectors: chunkVectors[i] ?? [],
            })),
          )
          await w.addRows(
            rows.map((r, i) => ({
              host: `${filing}-${i}`,
              page: `F-${i + 3}`,
              ...r,
              ...(withVectors ? { vectors: rowVectors[i] ?? [] } : {}),
            })),
          )
          await w.commit()
        }
        await build('rowvec', true)
        await build('rowkw', false)
        // The keyword leg is off (no terms): only the dense row list can name a row.
        const q = await embedder.embedQuery('research and development expenses in 2011')
        const search = (filing: string) => store.search(filing, { terms: [], vector: q, k: 4, rows: true })
        const hits = await search('rowvec')
        // Row i is printed by chunk i: the research and development row's host is rowvec-1.
        expect(hits.find((h) => h.rowRank === 1)?.chunk.id).toBe('rowvec-1')
        expect(hits.filter((h) => h.rowRank !== undefined)).toHaveLength(Math.min(ROW_HOSTS, rows.length))
        // Rows written without vectors are keyword-only: the same search lifts no host.
        expect((await search('rowkw')).every((h) => h.rowRank === undefined)).toBe(true)
        // A row vector of the wrong size is refused before anything is written.
        const w = await store.beginVersion('rowbad', { dim: embedder.dim })
        try {
          await w.addChunks([
            {
              chunk: { ...makeChunk('rowbad', 0, texts[0] as string, ['F-3']), version: w.version },
              vectors: [],
            },
          ])
          await expect(
            w.addRows([
              {
                host: 'rowbad-0',
                page: 'F-3',
                label: 'Revenue',
                text: 'Revenue — 1',
                vectors: [new Float32Array(3)],
              },
            ]),
          ).rejects.toThrow(/dimensions/)
        } finally {
          await w.abort()
        }
      })
    }
  })
}
