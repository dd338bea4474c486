import { readFileSync } from 'node:fs'
import type { AskReply } from '@asks1/shared/contract/api'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { SearchHit } from '@asks1/shared/store'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractiveAnswer } from '../src/answer/extractive'
import { isFirmName, isPersonName, listAnswer, listLines } from '../src/answer/name-lists'
import { namesFirm } from '../src/answer/party-names'
import { analyzeQuestion } from '../src/answer/question'
import { type FakeAnthropic, startFakeAnthropic } from '../testing/fake-anthropic'
import {
  buildTestApp,
  chunksOf,
  fakeClient,
  makeEnv,
  seedFiling,
  sessionCookie,
  type TestEnv,
} from './helper'

/**
 * Printed pages as ingest reads them (text and tables): facebook-s1.pdf pp.143–146 (a preliminary
 * prospectus: the underwriting table's share column is blank, so no table is read on p.144),
 * pandora-s1.htm pp.82–83 (directors' biographies), pp.103–104 (the investor-offer sellers, then the
 * principal stockholders) and p.114,
 * camp4-424b4.html pp.181–182 (principal stockholders) and p.196 (the underwriting table with shares).
 */
const PAGES = JSON.parse(
  readFileSync(new URL('./fixtures/name-lists-pages.json', import.meta.url), 'utf8'),
) as Record<'facebook' | 'pandora' | 'camp4', PageRecord[]>

/** Retrieved passages, one per page in the order given, each under the section its page is in. */
function hitsOf(filing: string, pages: PageRecord[], sections: Record<string, string> = {}): SearchHit[] {
  return pages.map((page, i) => {
    const [chunk] = chunksOf(filing, [page], 1)
    return {
      chunk: { ...(chunk as SearchHit['chunk']), ordinal: i, section: sections[page.label] ?? null },
      score: 1 / (i + 1),
    }
  })
}

const on = (filing: keyof typeof PAGES, labels: string[]) =>
  labels.map((l) => PAGES[filing].find((p) => p.label === l) as PageRecord)

function ask(question: string, filing: keyof typeof PAGES, labels: string[], sections = {}) {
  const pages = on(filing, labels)
  return listAnswer(analyzeQuestion(question), pages, hitsOf(filing, pages, sections))
}

describe('names printed as a table’s rows (S-K Items 508 and 403)', () => {
  it('reads a preliminary prospectus’s underwriters from its text, the shares column left blank', () => {
    const a = ask('Who are the underwriters?', 'facebook', ['143', '144', '145', '146'])
    expect(a?.heading).toBe('UNDERWRITING')
    expect(a?.rows.map((r) => r.name)).toEqual([
      'Morgan Stanley & Co. LLC',
      'J.P. Morgan Securities LLC',
      'Goldman, Sachs & Co.',
      // Wrapped over two lines, the designator alone on the second.
      'Merrill Lynch, Pierce, Fenner & Smith Incorporated',
      'Barclays Capital Inc.',
      'Allen & Company LLC',
    ])
    expect(a?.rows.every((r) => r.page === '144' && r.cells.length === 0)).toBe(true)
    expect(ask('Which banks are managing the IPO?', 'pandora', ['114'])?.rows.map((r) => r.name)).toEqual([
      'Morgan Stanley & Co. Incorporated',
      'J.P. Morgan Securities LLC',
      'William Blair and Company, L.L.C.',
      'Stifel, Nicolaus and Company, Incorporated',
    ])
  })

  it('quotes a final prospectus’s underwriting table with the shares each takes, not its fee table', () => {
    const a = ask('Which investment banks are leading the offering?', 'camp4', ['196'])
    expect(a && listLines(a)).toEqual([
      '- The underwriters, as the table under “UNDERWRITING” names them [p.196]:',
      '  - J.P. Morgan Securities LLC — Number of shares: 2,796,200 [p.196]',
      '  - Leerink Partners LLC — Number of shares: 1,977,800 [p.196]',
      '  - Piper Sandler & Co. — Number of shares: 1,329,900 [p.196]',
      '  - William Blair & Company, L.L.C. — Number of shares: 716,100 [p.196]',
    ])
  })

  it('reads the principal stockholders’ table under its heading, skipping a names table of another section', () => {
    const sections = { '103': 'CERTAIN RELATIONSHIPS AND RELATED PARTY TRANSACTIONS' }
    const a = ask('Which investors hold stakes ahead of the IPO?', 'pandora', ['103', '104'], sections)
    expect(a?.heading).toBe('PRINCIPAL AND SELLING STOCKHOLDERS')
    expect(a?.rows[0]).toMatchObject({
      name: 'Entities affiliated with Crosslink Capital',
      cells: ['Number 34,964,928', 'Percent 23.03'],
      page: '104',
    })
    // Twenty names: the first ten, then how many more the table prints.
    expect(a?.rows).toHaveLength(10)
    expect(a?.more).toBe(9)
    expect(a && listLines(a).slice(0, 2)).toEqual([
      '- The holders of more than five percent and the directors and officers, as the table under “PRINCIPAL AND SELLING STOCKHOLDERS” names them (Beneficial Ownership Prior to the Offering) [p.104]:',
      '  - Entities affiliated with Crosslink Capital — Number 34,964,928, Percent 23.03 [p.104]',
    ])
    expect(a && listLines(a).at(-1)).toBe('  - … and 9 more names in the table on this page [p.104]')
  })

  it('reads a table continued on a page with no heading by the section of the passage on it', () => {
    const sections = { '182': 'PRINCIPAL STOCKHOLDERS' }
    const a = ask('Who are the principal stockholders?', 'camp4', ['182'], sections)
    expect(a?.rows[0]?.name).toBe('Jorge Conde')
    expect(ask('Who are the principal stockholders?', 'camp4', ['182'])).toBeNull()
  })

  it('answers only a who/which question asking for a list of the form', () => {
    expect(ask('What discounts do the underwriters receive?', 'camp4', ['196'])).toBeNull()
    expect(ask('Who is the chief executive officer?', 'camp4', ['196'])).toBeNull()
    expect(ask('List the underwriters of the offering.', 'camp4', ['196'])?.rows).toHaveLength(4)
    // "Own" is not asked for: the verb names no holder of the registrant's stock.
    expect(ask('Who owns the patents?', 'camp4', ['181'])).toBeNull()
    expect(ask('Who are the largest stockholders?', 'camp4', ['181'])?.rows[0]?.name).toBe(
      'Entities affiliated with Enavate Sciences',
    )
    // The underwriters are not among the stockholders' table's rows, nor the reverse.
    expect(ask('Who are the underwriters?', 'camp4', ['181'])).toBeNull()
    expect(ask('Who are the principal stockholders?', 'camp4', ['196'])).toBeNull()
  })

  it('reads "banks" as the underwriters only for a question about the offering', () => {
    expect(ask('Which investment banks are leading the offering?', 'camp4', ['196'])?.rows).toHaveLength(4)
    expect(ask('Which banks are managing the IPO?', 'camp4', ['196'])?.rows).toHaveLength(4)
    // A bank is a lender or a depositary as well: the underwriters do not answer these.
    expect(ask('Which banks provide the credit facility?', 'camp4', ['196'])).toBeNull()
    expect(ask('Which banks lend to CAMP4?', 'camp4', ['196'])).toBeNull()
  })

  it('tells names from a table’s own rows', () => {
    for (const name of [
      'Goldman, Sachs & Co.',
      'William Blair & Company, L.L.C.',
      'Labrador Ventures V-B, L.P',
    ])
      expect(isFirmName(name)).toBe(true)
    expect(isFirmName('Entities affiliated with 5AM Ventures')).toBe(true)
    for (const row of ['Total', 'Per Share', 'Net loss', 'Directors and Officers as a Group (13 persons)'])
      expect([isFirmName(row), isPersonName(row)]).toEqual([false, false])
    expect(isPersonName('Ravi I. Thadhani, MD, MPH')).toBe(true)
    expect(isPersonName('Sheryl K. Sandberg (6)')).toBe(true)
    expect(isPersonName('Shares subject to voting proxy')).toBe(false)
  })

  it('finds a firm named inside running text, a comma before any designator', () => {
    expect(namesFirm('/s/ Ernst & Young LLP We have served as the Company’s auditor')).toBe(true)
    // The comma before "L.L.C." and "Corporation": designators the laws of organisation name.
    expect(namesFirm('audited by William Blair & Company, L.L.C. since 2010')).toBe(true)
    expect(namesFirm('lent by Acme Holdings, Corporation under the facility')).toBe(true)
    expect(namesFirm('We conducted our audits in accordance with the standards of the PCAOB')).toBe(false)
  })
})

describe('the extractive answer is the list', () => {
  it('lists the underwriters, and quotes nothing after the list', () => {
    const pages = on('facebook', ['143', '144', '145', '146'])
    const r = extractiveAnswer('Who are the underwriters?', hitsOf('facebook', pages), {
      company: 'Facebook, Inc.',
      pages,
    })
    const lines = r.text.split('\n')
    const lead = lines.indexOf('- The underwriters, as the table under “UNDERWRITING” names them [p.144]:')
    expect(lead).toBeGreaterThan(0)
    expect(lines.slice(lead + 1, lead + 3)).toEqual([
      '  - Morgan Stanley & Co. LLC [p.144]',
      '  - J.P. Morgan Securities LLC [p.144]',
    ])
    // The table is the answer: no sentence matching the question's words is quoted after it.
    expect(lines.filter((l) => l.startsWith('- “'))).toEqual([])
  })
})

/** POST /ask about the seeded filing, in a session of its own. */
const askApp = (app: FastifyInstance, question: string, session: string) =>
  app.inject({
    method: 'POST',
    url: '/ask',
    payload: { filing: 'acme-s1', question },
    headers: sessionCookie(session),
  })

describe('POST /ask names the underwriters from the table (real SQLite store, keyword retrieval)', () => {
  let env: TestEnv
  let app: FastifyInstance
  beforeAll(async () => {
    env = await makeEnv({ seed: false })
    await seedFiling(env.store, 'acme-s1', on('facebook', ['143', '144', '145', '146']))
    app = await buildTestApp(env)
  })
  afterAll(async () => {
    await app?.close()
    await env?.cleanup()
  })

  it('answers “Who are the underwriters?” with each name on its line, cited on the table’s page', async () => {
    const res = await askApp(app, 'Who are the underwriters?', 'test-session-name-lists-0001')
    expect(res.statusCode).toBe(200)
    const body = res.json<AskReply>()
    expect(body.mode).toBe('extractive')
    expect(body.abstention).toBeUndefined()
    for (const name of ['Morgan Stanley & Co. LLC', 'Goldman, Sachs & Co.', 'Allen & Company LLC'])
      expect(body.answer).toContain(`\n  - ${name} [p.144]`)
    expect(body.citations.find((c) => c.page === '144')).toMatchObject({ exists: true, verified: true })
    // The lead line names what the rows are: the page's citation matches the question.
    expect(body.citations.find((c) => c.page === '144')?.relevance?.level).toBe('strong')
  })
})

describe('POST /ask reads the list in its section when the question’s words retrieve another page', () => {
  let env: TestEnv
  let app: FastifyInstance
  let fake: FakeAnthropic
  let llm: FastifyInstance
  beforeAll(async () => {
    env = await makeEnv({ seed: false })
    // Chunks of two pages: [82, 83] (biographies: "investment banking"), [114] (UNDERWRITERS).
    await seedFiling(env.store, 'acme-s1', on('pandora', ['82', '83', '114']))
    // One passage retrieved: the biographies, where "banks" is printed.
    app = await buildTestApp(env, { config: { RETRIEVAL_K: 1 } })
    fake = await startFakeAnthropic()
    llm = await buildTestApp(env, { anthropic: fakeClient(fake.url), config: { RETRIEVAL_K: 1 } })
  })
  afterAll(async () => {
    await app?.close()
    await llm?.close()
    await fake?.close()
    await env?.cleanup()
  })

  it('gives the model the section’s passage too, in llm mode', async () => {
    fake.queue.push({ kind: 'text', text: 'Morgan Stanley & Co. Incorporated and others [p.114].' })
    const res = await askApp(llm, 'Which banks are managing the IPO?', 'test-session-name-lists-0003')
    expect(res.statusCode).toBe(200)
    expect(res.json<AskReply>().mode).toBe('llm')
    expect(fake.requests).toHaveLength(1)
    const prompt = JSON.stringify(fake.requests[0]?.body.messages)
    expect(prompt).toContain('Stifel, Nicolaus and Company, Incorporated')
    expect(prompt).toContain('investment banking')
  })

  it('answers “Which banks are managing the IPO?” from the Underwriters section’s page', async () => {
    const res = await askApp(app, 'Which banks are managing the IPO?', 'test-session-name-lists-0002')
    expect(res.statusCode).toBe(200)
    const body = res.json<AskReply>()
    // Sources: the section's passage the answer cites, though the question did not retrieve it.
    expect(body.sources.map((s) => s.citedPages)).toEqual([['114']])
    expect(body.answer).toContain('- The underwriters, as the table under “UNDERWRITERS” names them [p.114]:')
    expect(body.answer).toContain('\n  - William Blair and Company, L.L.C. [p.114]')
    expect(body.citations.map((c) => [c.page, c.exists, c.verified])).toEqual([['114', true, true]])
  })
})
