import type { Table } from '@asks1/shared/contract/tables'
import { holdsAnswerType } from '@asks1/shared/retrieval/query'
import type { SearchHit } from '@asks1/shared/store'
import { describe, expect, it } from 'vitest'
import { blankContexts, printsBlank } from '../src/answer/blanks'
import { clip } from '../src/answer/clip'
import { evidenceModel } from '../src/answer/evidence-model'
import { extractiveAnswer } from '../src/answer/extractive'
import { analyzeQuestion } from '../src/answer/question'
import { rankUnits } from '../src/answer/rank'
import { withRelevance } from '../src/answer/relevance'
import { SELECT_DEFAULTS, selectQuotes } from '../src/answer/select'
import { verifyCitations } from '../src/answer/verify'
import { ACME_PAGES, chunksOf } from './helper'

const hits: SearchHit[] = chunksOf('acme-s1', ACME_PAGES).map((chunk, i) => ({ chunk, score: 1 / (i + 1) }))
const pageTexts = new Map(ACME_PAGES.map((p) => [p.label, p.text]))
const company = 'Acme Rockets, Inc.'
const tagged = (label: string, text: string, section: string | null = null): SearchHit => ({
  chunk: { ...(hits[0] as SearchHit).chunk, text: `[p.${label}] ${text}`, pages: [label], section },
  score: 1,
})

describe('question analysis', () => {
  it('keeps content terms, names, periods and the kind of answer, not the filing’s own name', () => {
    const q = analyzeQuestion(
      'How much revenue did Acme record for the third quarter of 2016 from Zynga?',
      company,
    )
    // Index space: the shared tokenizer's stems.
    expect(q.terms).toEqual(expect.arrayContaining(['revenu', 'record', 'zynga']))
    expect(q.terms).not.toContain('acm')
    expect(q.terms).not.toContain('acme')
    expect(q.names).toEqual(['zynga'])
    expect(
      analyzeQuestion('Does Mark Zuckerberg own more than the United States Treasury?').nameHeads,
    ).toEqual(['zuckerberg', 'treasuri'])
    expect(q.periods).toEqual(['2016', 'q3'])
    expect(q.answerType).toBe('amount')
    expect(analyzeQuestion('Who is the chief executive?').answerType).toBe('name')
    expect(analyzeQuestion('What percentage of the vote does the founder hold?').answerType).toBe(
      'percentage',
    )
  })

  it('reads the filer’s name written as one word as its own name, not a name asked about', () => {
    const q = analyzeQuestion(
      'Does the new CEO have experience in a company similar to Footlocker?',
      'Foot Locker, Inc.',
    )
    expect(q.names).toEqual([])
    expect(q.terms).not.toContain('footlock')
    expect(analyzeQuestion('Is Footlocker like Nike?', 'Acme Corp').names).toEqual(['footlock', 'nike'])
  })

  it('searches the captions of the line items a ratio named is computed from', () => {
    expect(analyzeQuestion('Is the gross margin improving?', company).phrases).toEqual(
      expect.arrayContaining(['gross profit', 'revenue']),
    )
    expect(analyzeQuestion('What was the effective tax rate in 2022?', company).phrases).toEqual(
      expect.arrayContaining(['income before income taxes', 'provision for income taxes']),
    )
    // Every caption filers print for the line item, less those holding a shorter one.
    const margin = analyzeQuestion('Is the operating margin improving?', company).phrases
    expect(margin).toEqual(expect.arrayContaining(['net sales', 'revenue', 'operating income']))
    expect(margin).not.toContain('total revenue')
    // No ratio named, no captions added; nor for a non-GAAP one (statements.ts, ratioCaptions).
    expect(analyzeQuestion('Who audits the company?', company).phrases).toEqual([])
    expect(analyzeQuestion('What was the adjusted operating margin?', company).phrases).not.toContain(
      'operating income',
    )
  })

  it('reads a related form of a question word as evidence, not a period word, and ranks by printed words', () => {
    const q = analyzeQuestion('What acquisitions did the company make?', company)
    const model = evidenceModel(q, hits)
    const acquired = model.measure('In fiscal 2022, we acquired Current Health Ltd. for $389 million.')
    expect(acquired.matched).toContain('acquisit')
    expect(acquired.evidence).toBeGreaterThan(0)
    // Evidence only: the ranking's BM25 counts the words the unit prints.
    expect(acquired.bm25).toBe(0)
    const daily = analyzeQuestion('How many daily active users are there?', company)
    expect(
      evidenceModel(daily, hits).measure('Users post 500 million times every day.').matched,
    ).not.toContain('daili')
  })

  it('reads a designation of capitals and a serial number as a name, not an acronym', () => {
    const q = analyzeQuestion('What peak annual sales does Acme project for CMP-CPS-001?', company)
    expect(q.names).toEqual(expect.arrayContaining(['cmp-cp-001', 'cmp', 'cp']))
    // Acronyms stay common nouns; a form's number is not a product.
    expect(analyzeQuestion('What did the CEO say in the S-1 about the IPO?').names).toEqual([])
  })
})

describe('extractive answers', () => {
  it('quotes the sentence that answers, with its page, not the start of the passage', () => {
    const r = extractiveAnswer('What was Acme’s revenue in 2011?', hits, { company })
    expect(r.abstention).toBeNull()
    expect(r.text).toContain('“Our revenue was $3,711 million in 2011, an increase of 88% from 2010.” [p.1]')
    expect(r.text).not.toContain('designs and launches')
  })
  it('prefers the sentence holding the kind of figure asked for', () => {
    const two = [
      tagged('7', 'Our advertising revenue depends on many marketers who buy ads on our service.'),
      tagged('8', 'Advertising made up 85% of our revenue in 2011, down from 95% in 2009.'),
    ]
    const q = analyzeQuestion('What percentage of revenue came from advertising?')
    expect(rankUnits(q, evidenceModel(q, two))[0]?.pages).toEqual(['8'])
  })
  it('quotes at most three units, each citing its own page', () => {
    const many = Array.from({ length: 6 }, (_, i) =>
      tagged(String(20 + i), `Revenue fact number ${i} of the filing.`),
    )
    const revenue = analyzeQuestion('revenue')
    const sel = selectQuotes(revenue, rankUnits(revenue, evidenceModel(revenue, many)))
    expect(sel.abstained).toBe(false)
    if (!sel.abstained) expect(sel.quotes.map((u) => u.pages[0])).toEqual(['20', '21', '22'])
  })
  it('quotes a weaker follower only when it holds something of what the best quote answers', () => {
    // "cash", not "money": "how much money" is the frame of an amount, not a subject term.
    const q = analyzeQuestion('How much cash had Acme raised from investors?', company)
    const ranked = rankUnits(
      q,
      evidenceModel(q, [
        tagged('6', 'Since our inception, we have raised $188.3 million from investors.'),
        tagged('F-8', 'The Company held $0.1 million of cash in money market accounts.'),
        tagged('7', 'We raised $50.0 million in our Series B financing.'),
      ]),
    )
    // Scores set by hand: both followers within the follow ratio, below followApart.
    const scored = (money: number) =>
      ranked
        .map((u) => ({ ...u, score: u.pages[0] === '6' ? 10 : u.pages[0] === 'F-8' ? money : 6 }))
        .sort((a, b) => b.score - a.score)
    const pages = (money: number) => {
      const sel = selectQuotes(q, scored(money))
      return sel.abstained ? [] : sel.quotes.map((u) => u.pages[0])
    }
    // "cash in money market accounts" shares no subject term with the best ("raised", "investors").
    expect(pages(6.5)).toEqual(['6', '7'])
    expect(pages(7.5)).toEqual(['6', 'F-8', '7'])
  })
  it('after a weak best quote, quotes followers only from the passages retrieval ranked first', () => {
    const q = analyzeQuestion('How many registered users and listener hours did Acme have?', company)
    const ranked = rankUnits(
      q,
      evidenceModel(q, [
        tagged('3', 'We had 80 million registered users as of January 2011.'),
        tagged('44', 'We had 80 million registered users at the end of the year.'),
        tagged('F-9', 'Registered users are counted once per email address, 80 million in all.'),
      ]),
    )
    // Evidence and retrieval ranks set by hand: the best holds half the question's terms or less.
    const set = (evidence: number) =>
      ranked
        .map((u) => ({
          ...u,
          evidence,
          hit: ['3', '44', 'F-9'].indexOf(u.pages[0] as string),
          score: u.pages[0] === '3' ? 10 : u.pages[0] === '44' ? 8 : 7,
        }))
        .sort((a, b) => b.score - a.score)
    const pages = (evidence: number, params = SELECT_DEFAULTS) => {
      const sel = selectQuotes(q, set(evidence), params)
      return sel.abstained ? [] : sel.quotes.map((u) => u.pages[0])
    }
    // A weak best: the follower from the third passage goes, the second passage's stays.
    expect(pages(0.4)).toEqual(['3', '44'])
    // A strong best, or the rule switched off (RETRIEVAL_OFF=weakfollow): both follow.
    expect(pages(0.6)).toEqual(['3', '44', 'F-9'])
    expect(pages(0.4, { ...SELECT_DEFAULTS, weakBest: 0 })).toEqual(['3', '44', 'F-9'])
  })
  it('quotes a sentence once when overlapping chunks cut it, and keeps it on another page', () => {
    const whole = 'Our revenue grew 88% in 2011 because advertisers bought more ads on our service.'
    const cut = 'Our revenue grew 88% in 2011 because advertisers bought'
    // The same words cut at a chunk's start, printed on p.2 (a 10-K repeats its summary).
    const tail = 'revenue grew 88% in 2011 because advertisers bought more ads on our service.'
    const units = [tagged('30', cut), tagged('30', whole), tagged('2', tail)]
    const q = analyzeQuestion('How much did revenue grow in 2011?')
    const sel = selectQuotes(q, rankUnits(q, evidenceModel(q, units)))
    expect(sel.abstained).toBe(false)
    if (sel.abstained) return
    const quoted = sel.quotes.map((u) => `${u.pages[0]}: ${u.text}`)
    // p.30 once, whole; the same words printed on p.2 stay a second citation.
    expect(quoted.filter((t) => t.startsWith('30:'))).toEqual([`30: ${whole}`])
    expect(quoted).toContain(`2: ${tail}`)
  })
  it('abstains when a name asked about is in no passage, and says what it searched', () => {
    const r = extractiveAnswer('What is Mark Zuckerberg’s favourite food?', hits, { company })
    expect(r.text).toMatch(/^The filing does not appear to say/)
    expect(r.text).not.toMatch(/\[p\./)
    expect(r.abstention?.searched.terms).toEqual(expect.arrayContaining(['mark', 'zuckerberg', 'food']))
    // No passage holds a word of it: no section is named as where the answer was looked for.
    expect(r.abstention?.reason).toBe('no-passage')
    expect(r.abstention?.searched.sections).toEqual([])
  })
  it('quotes only passages naming what the question names; abstains when none does', () => {
    const users = [
      tagged('2', 'We had more than 50 million users in the United States at the end of 2010.'),
      tagged('9', 'Competitors such as Spotify offer music services to users in Europe.'),
    ]
    const spotify = extractiveAnswer('How many users does Spotify have in the United States?', users, {
      company,
    })
    expect(spotify.abstention?.reason).toBe('no-name')
    expect(spotify.text).toContain('mentions all of “Spotify”, “United”, “States”')
    const ours = extractiveAnswer('How many users did Acme have in the United States?', users, { company })
    expect(ours.abstention).toBeNull()
    expect(ours.text).toContain('[p.2]')
    expect(ours.text).not.toContain('[p.9]')
    // A passage shortening a name to its last word ("Mr. Zuckerberg") still names it.
    const vote = extractiveAnswer(
      'How much of the voting power will Mark Zuckerberg hold?',
      [tagged('30', 'Mr. Zuckerberg will hold 56.9% of the voting power of our outstanding capital stock.')],
      { company },
    )
    expect(vote.abstention).toBeNull()
    expect(vote.text).toContain('56.9% of the voting power')
  })
  it('abstains when the passages naming someone say nothing of what was asked about them', () => {
    const holdings = [
      tagged('127', 'Consists of 407,265 shares of Class B common stock held of record by Mr. Zuckerberg.'),
      tagged('115', 'Mark Zuckerberg entered into an offer letter with us in 2004.'),
    ]
    const food = extractiveAnswer('What is Mark Zuckerberg’s favourite food?', holdings, { company })
    expect(food.abstention?.reason).toBe('no-subject')
    expect(food.text).toContain(
      'the passages that mention “Mark”, “Zuckerberg” say nothing of “favourite”, “food”',
    )
    expect(food.text).not.toMatch(/\[p\./)
    // What is asked of him, in a passage naming him, still answers.
    const shares = extractiveAnswer('How many shares does Mark Zuckerberg hold of record?', holdings, {
      company,
    })
    expect(shares.abstention).toBeNull()
    expect(shares.text).toContain('[p.127]')
  })
  it('abstains when the best match prints a blank where the answer belongs (a preliminary prospectus)', () => {
    const prelim = [
      tagged('115', 'We have applied to list our common stock on the under the trading symbol “ .”'),
      tagged(
        '3',
        'The initial public offering price of our common stock is expected to be between $ and $ per share.',
      ),
    ]
    const symbol = extractiveAnswer('Under what trading symbol will the common stock trade?', prelim, {
      company,
    })
    expect(symbol.abstention?.reason).toBe('blank')
    expect(symbol.text).toContain('prints a blank where the answer belongs')
    expect(symbol.abstention?.closest[0]?.pages).toEqual(['115'])
    expect(printsBlank('Revenue was $3,711 million in 2011.')).toBe(false)
    expect(printsBlank('Salary ($) Bonus ($) Total $ — $ (24,606)')).toBe(false)
    expect(printsBlank('shares of [●] common stock')).toBe(true)
  })
  it('abstains when a passage matching as well as the quote prints a blank beside what is asked', () => {
    const prelim = [
      tagged(
        'F-27',
        'All shares of preferred stock convert to common stock upon an initial public offering at a price of not less than $1.93625 per share.',
      ),
      tagged(
        '40',
        'A $1.00 increase in the assumed initial public offering price of $ per share would increase our net tangible book value.',
      ),
    ]
    const price = extractiveAnswer('What is the initial public offering price per share?', prelim, {
      company,
    })
    expect(price.abstention?.reason).toBe('blank')
    expect(price.abstention?.closest[0]?.pages).toEqual(['40'])
    expect(price.text).not.toContain('1.93625')
    // A blank in another list item of a passage (an expense left for the final prospectus) is not
    // where the asked figure belongs: the revenue sentence still answers.
    const revenue = extractiveAnswer(
      'How much revenue came from payments and fees?',
      [
        tagged('50', 'Payments and other fees revenue was $557 million.'),
        tagged(
          '17',
          '• our ability to increase payments and other fees revenue; • share-based compensation expense of approximately $ million that we will incur.',
        ),
      ],
      { company },
    )
    expect(revenue.abstention).toBeNull()
    expect(revenue.text).toContain('$557 million')
    expect(blankContexts('• fees revenue; • expense of approximately $ million that we will incur.')).toEqual(
      [' expense of approximately $ million that we will incur.'],
    )
  })
  it('answers "where" only with a place, and a list of surnames is no place', () => {
    const listing = [
      tagged(
        '159',
        'The Class I directors will be Messrs. Boylan, Chakravarty and Nashat, and their terms will expire at our first annual meeting after the closing of this offering.',
      ),
      tagged('188', 'Our common stock has been approved for listing on the Nasdaq Global Market.'),
    ]
    const close = extractiveAnswer(
      'Where did the stock close on its first day of trading on Nasdaq?',
      listing,
      {
        company,
      },
    )
    expect(close.abstention?.reason).toBe('no-place')
    expect(close.text).toContain('name no place')
    expect(holdsAnswerType('the directors will be Messrs. Boylan, Chakravarty and Nashat', 'location')).toBe(
      false,
    )
    const office = tagged(
      '6',
      'Our principal executive offices are located at 1 Rocket Road, Hawthorne, California.',
    )
    const r = extractiveAnswer('Where is the head office located?', [...listing, office], { company })
    expect(r.abstention).toBeNull()
    expect(r.text).toContain('1 Rocket Road')
  })
  it('reads the form’s caption for a location, "principal executive offices", as what "where" asks', () => {
    // No word of the question is in the sentence that answers it: Item 503(b)'s caption is.
    const office = tagged(
      '6',
      'Our principal executive offices are located at 1 Rocket Road, Hawthorne, California.',
    )
    const based = tagged('12', 'Our pricing is based on the number of launches, as described in Texas, USA.')
    expect(analyzeQuestion('Where is Acme based?', company).phrases).toContain('principal executive offices')
    expect(analyzeQuestion('Where is Acme based?', company).terms).toEqual(['base'])
    // A question naming the kind of place asks for that place, not the offices.
    expect(analyzeQuestion('In which state is Acme incorporated?', company).phrases).toEqual([])
    const r = extractiveAnswer('Where is Acme based?', [office], { company })
    expect(r.abstention).toBeNull()
    expect(r.text).toContain('1 Rocket Road')
    // A passage printing the question's word and a place still competes.
    expect(extractiveAnswer('Where is Acme based?', [based, office], { company }).abstention).toBeNull()
  })
  it('shows a long closest passage around the words it matched, not from its start', () => {
    // One run-on sentence (a flattened table reads so), too long to show whole.
    const filler = 'the rocket designs described in this section are illustrative only, '.repeat(12)
    const long = tagged(
      '40',
      `Throughout, ${filler}and an assumed initial public offering price of $ per share is used.`,
    )
    const r = extractiveAnswer('What is the initial public offering price per share?', [long], { company })
    expect(r.abstention?.reason).toBe('blank')
    expect(r.abstention?.closest[0]?.text).toContain('offering price of $ per share')
  })
  it('abstains when the best match says the value asked for is not disclosed', () => {
    const deal = [
      tagged(
        'F-54',
        'On September 26, 2024, Acme entered into a collaboration with Zenith Corp. to develop rockets for two undisclosed launch targets under two distinct programs, and Zenith will pay an upfront payment of $1.0 million.',
      ),
    ]
    const targets = extractiveAnswer('Which two targets is Acme working on with Zenith?', deal, { company })
    expect(targets.abstention?.reason).toBe('undisclosed')
    expect(targets.text).toContain('says the filing does not disclose it')
    expect(targets.abstention?.closest[0]?.pages).toEqual(['F-54'])
    // The same sentence states the payment: what is withheld is the targets, not the payment.
    const payment = extractiveAnswer(
      'What upfront payment does Zenith make under its programs with Acme?',
      deal,
      {
        company,
      },
    )
    expect(payment.abstention).toBeNull()
    expect(payment.text).toContain('$1.0 million')
  })
  it('answers a figure question naming a line item only with a figure of that line item', () => {
    const compensation = tagged(
      '94',
      'Summary Compensation Table for the fiscal year ended January 31, 2011: Name Fiscal Year Salary ($) Bonus ($) Total ($) Joseph Kennedy 2011 400,000 120,000 520,000',
    )
    const question = 'What was total revenue for the fiscal year ended January 31, 2011?'
    const none = extractiveAnswer(question, [compensation], { company })
    expect(none.abstention?.reason).toBe('no-line-item')
    expect(none.text).toContain('give no figure of “total revenue”')
    expect(none.text).not.toContain('520,000')
    const revenue = tagged(
      '46',
      'Total revenue for the fiscal year ended January 31, 2011 was $137,776 thousand.',
    )
    const r = extractiveAnswer(question, [compensation, revenue], { company })
    expect(r.abstention).toBeNull()
    expect(r.text).toContain('$137,776 thousand')
    expect(r.text).not.toContain('520,000')
    // Revenue printed for other years only: the reply says which line item and year it looked for.
    const earlier = tagged(
      '45',
      'Total revenue for the fiscal year ended January 31, 2010 was $55,189 thousand.',
    )
    const other = extractiveAnswer(question, [compensation, earlier], { company })
    expect(other.abstention?.reason).toBe('no-period')
    expect(other.text).toContain('give no figure of “total revenue” for 2011')
  })
  it('reads no line item in a title of office: a Chief Revenue Officer’s pay is no revenue', () => {
    // Pandora's Summary Compensation Table (p.94) names its officers by title beside their pay.
    const pay = tagged(
      '94',
      'John Trimble, 2011 350,000 — — 1,108,318 — 1,458,318 Chief Revenue Officer (1) Reflects the portion of salary paid.',
    )
    const r = extractiveAnswer('What was revenue in fiscal 2011?', [pay], { company })
    expect(r.abstention?.reason).toBe('no-line-item')
    expect(r.text).not.toContain('1,458,318')
  })
  it('answers a year’s line item with a sum, not a percentage printed beside it', () => {
    // Pandora's Compensation Discussion (p.91): the only figure is a share of a salary.
    const commission = tagged(
      '91',
      'Incentive payments during fiscal 2011 were based on a sales commission plan paying up to 100% of base salary for sales revenue up to a quota.',
    )
    const q = 'What was Acme’s revenue in fiscal 2011?'
    const none = extractiveAnswer(q, [commission], { company })
    expect(none.abstention?.reason).toBe('no-figure')
    expect(none.text).not.toContain('100%')
    const revenue = tagged('45', 'Our revenue was $137.8 million in fiscal 2011.')
    const r = extractiveAnswer(q, [commission, revenue], { company })
    expect(r.abstention).toBeNull()
    expect(r.text).toContain('$137.8 million')
    expect(r.text).not.toContain('100%')
  })
  it('abstains when the asked period is in no matching passage, listing the closest passages', () => {
    const r = extractiveAnswer('What revenue did Acme record for the third quarter of 2016?', hits, {
      company,
    })
    expect(r.abstention?.reason).toBe('no-period')
    expect(r.abstention?.closest).toContainEqual(
      expect.objectContaining({ pages: ['1'], section: 'Prospectus summary' }),
    )
    expect(r.text).toContain('2016')
  })
  it('abstains when a figure is asked for and the matching passages hold none', () => {
    const r = extractiveAnswer(
      'How much did Acme pay for its launch prices?',
      [tagged('3', 'Competition from larger launch providers could reduce our launch prices and revenue.')],
      { company },
    )
    expect(r.abstention?.reason).toBe('no-figure')
  })
  it('does not answer a count with a sum of money', () => {
    const priced = tagged('7', 'Listeners can subscribe to Acme One for $36 a year.')
    const q = 'How many paying Acme One subscribers are there?'
    expect(extractiveAnswer(q, [priced], { company }).abstention?.reason).toBe('no-figure')
    const counted = tagged('8', 'Acme One had 120,000 paying subscribers at year end.')
    const r = extractiveAnswer(q, [priced, counted], { company })
    expect(r.abstention).toBeNull()
    expect(r.text).toContain('120,000')
    expect(r.text).not.toContain('$36')
  })
  it('does not answer a count with a measure, but does with a share', () => {
    const q = 'How many paying Acme One subscribers are there?'
    const measured = [
      tagged(
        '71',
        'Subscribers to Acme One get 40 hours of launch footage per month, after which they pay $0.99.',
      ),
      tagged('72', 'Acme One subscribers stream launch footage at 192 kbps.'),
    ]
    const none = extractiveAnswer(q, measured, { company })
    expect(none.abstention?.reason).toBe('no-figure')
    expect(none.text).toContain('give no count of what is asked')
    const share = tagged(
      '2',
      'We estimated that paying subscribers represented less than 5% of Acme One accounts.',
    )
    const r = extractiveAnswer(q, [...measured, share], { company })
    expect(r.abstention).toBeNull()
    expect(r.text).toContain('less than 5%')
    expect(r.text).not.toContain('40 hours')
    // A measure the question counts is the count asked for.
    const space = tagged('79', 'Our headquarters occupy approximately 150,000 square feet of office space.')
    const counted = extractiveAnswer('How many square feet does the headquarters occupy?', [space], {
      company,
    })
    expect(counted.abstention).toBeNull()
    expect(counted.text).toContain('150,000 square feet')
  })
  it('reads "IPO" as "initial public offering" when the filing never defines it', () => {
    const r = extractiveAnswer(
      'What price per share were the IPO shares sold at?',
      [
        tagged('75', 'Of these shares, only the 6,820,000 shares sold in this offering are freely tradable.'),
        tagged('74', 'Dilution is based on the initial public offering price of $11.00 per share.'),
      ],
      { company },
    )
    expect(r.text.indexOf('[p.74]')).toBeGreaterThan(-1)
    expect(r.text.indexOf('[p.74]')).toBeLessThan(r.text.indexOf('[p.75]') >>> 0)
  })
  it('reads an irregular verb form as its base form ("paid" for "pay")', () => {
    const r = extractiveAnswer(
      'Does Acme pay dividends to its stockholders?',
      [
        tagged('F-29', 'The Company lacked authorized shares to issue the cumulative dividends in stock.'),
        tagged('38', 'We have never declared or paid any cash dividends on our capital stock.'),
      ],
      { company },
    )
    expect(r.text.indexOf('[p.38]')).toBeGreaterThan(-1)
    expect(r.text.indexOf('[p.38]')).toBeLessThan(r.text.indexOf('[p.F-29]') >>> 0)
  })
  it('does not read "non-employee" as about employees', () => {
    const r = extractiveAnswer(
      'How many employees did Acme have?',
      [
        tagged('79', 'As of January 31, 2011, we had 295 employees.'),
        tagged('F-24', 'The expected term for non-employee awards is the contractual term of 10 years.'),
      ],
      { company },
    )
    expect(r.text).toContain('[p.79]')
    expect(r.text).not.toContain('F-24')
  })
  it('reads a question about a year as asking for that year’s figure', () => {
    const r = extractiveAnswer(
      'What were Acme’s launch revenues in 2011?',
      [
        tagged('12', 'In 2011 our launch revenues depended on a small number of customers.'),
        tagged('13', 'Launch revenues were $412 million in 2011.'),
      ],
      { company },
    )
    expect(r.text).toContain('[p.13]')
    expect(r.text).not.toContain('[p.12]')
  })
  it('needs the asked quarter, and a figure that is not a year, to answer a figure question', () => {
    const twoThousandTwelve = [
      tagged('47', 'We expect our new product to roll out broadly in the first quarter of 2012.'),
      tagged('48', 'Revenue was $1,058 million in the fourth quarter of 2012.'),
    ]
    const q1 = extractiveAnswer(
      'How much revenue did Acme record in the first quarter of 2012?',
      twoThousandTwelve,
      {
        company,
      },
    )
    expect(q1.abstention?.reason).toBe('no-period')
    const q4 = extractiveAnswer(
      'How much revenue did Acme record in the fourth quarter of 2012?',
      twoThousandTwelve,
      {
        company,
      },
    )
    expect(q4.text).toContain('$1,058 million in the fourth quarter of 2012.” [p.48]')
  })
  it('quotes a date question’s date even when it is not a figure', () => {
    const r = extractiveAnswer(
      'When does Acme expect the first flight of its Falcon rocket?',
      [
        tagged('30', 'As of October 2024, the Falcon rocket has passed 3 engine tests.'),
        tagged('31', 'We expect the first flight of the Falcon rocket in the first quarter of 2026.'),
      ],
      { company },
    )
    expect(r.text).toContain('[p.31]')
  })
  it('takes a sentence’s period from its passage when the sentence names no year', () => {
    const r = extractiveAnswer(
      'What upfront payment did Zenith make under its September 2024 deal with Acme?',
      [
        tagged(
          '40',
          'On September 26, 2024, Acme entered into a license agreement with Zenith. Under the agreement, Zenith will pay an upfront payment of $1.0 million.',
        ),
        tagged('41', 'Zenith may make an upfront payment in 2023 of up to $2.0 million.'),
      ],
      { company },
    )
    expect(r.abstention).toBeNull()
    expect(r.text).toContain(
      '“Under the agreement, Zenith will pay an upfront payment of $1.0 million.” [p.40]',
    )
  })
  it('ranks a sentence stating a fact above one saying what may happen', () => {
    const two = [
      tagged('50', 'Governments may restrict launch licences in countries such as France.'),
      tagged('51', 'Launch licences were restricted in countries such as Chile and Peru.'),
    ]
    const q = analyzeQuestion('Which countries restricted launch licences?')
    expect(rankUnits(q, evidenceModel(q, two))[0]?.pages).toEqual(['51'])
  })
  it('reads an abbreviation the filing defines as the words it stands for', () => {
    const two = [
      tagged('60', 'Monthly active launches (MALs) are a measure of our fleet.'),
      tagged('61', 'We had 845 MALs as of December 31, 2011.'),
      tagged('62', 'Our rockets are active in many months of the year.'),
    ]
    const q = analyzeQuestion('How many monthly active launches did Acme have in 2011?', company)
    expect(rankUnits(q, evidenceModel(q, two))[0]?.pages).toEqual(['61'])
    // "daily active launches" is not what MAL stands for, though it shares two of its words.
    const daily = analyzeQuestion('How many daily active launches did Acme have in 2011?', company)
    expect(rankUnits(daily, evidenceModel(daily, two)).find((u) => u.pages[0] === '61')?.matched).toEqual([])
  })
  it('abstains when no passage uses the question’s words', () => {
    const { abstention, text } = extractiveAnswer('zebra giraffe', hits)
    expect(abstention?.reason).toBe('no-passage')
    // No section was where the answer was looked for: none of its passages shares a word.
    expect(abstention?.searched.sections).toEqual([])
    expect(text).not.toContain('Sections searched')
  })
  it('scores a unit too long to quote on the window it quotes', () => {
    // A table flattened onto one line: "Deferred" near its start, "revenue" 1,500 characters on;
    // no window of it quotes both, so the sentence that holds them together ranks first.
    const cells = Array.from({ length: 120 }, (_, i) => `Item ${i} ${1000 + i}`).join(' ')
    const table = `Deferred tax assets ${cells} Total revenue 9,999`
    const q = analyzeQuestion('How much deferred revenue did Acme report?', company)
    const ranked = rankUnits(
      q,
      evidenceModel(q, [
        tagged('F-9', table),
        tagged('40', 'Deferred revenue was $12 million at year end, up from $9 million.'),
      ]),
    )
    expect(ranked[0]?.text).toContain('Deferred revenue was $12 million')
    const tableUnit = ranked.find((u) => u.text.startsWith('Deferred tax'))
    expect(tableUnit?.matched).toHaveLength(1)
  })
  it('does not take the filer’s own name or a title of office for the name a “who” question asks', () => {
    const answer = extractiveAnswer(
      'Who founded Acme?',
      [
        tagged('70', 'Acme Rockets was founded on a deeply held passion for launching things into orbit.'),
        tagged('101', 'The evaluation was founded on the work of our Chief Executive Officer.'),
        tagged('82', 'Prior to founding our company, Mr. Smith worked as an independent engineer.'),
      ],
      { company },
    )
    expect(answer.text).toContain('Mr. Smith')
    expect(answer.text).not.toContain('passion')
    expect(answer.text).not.toContain('Chief Executive Officer')
  })
  it('answers “what was X in 2013” with the period’s sum before a percentage change', () => {
    const q = analyzeQuestion('What was the data licensing revenue in 2013?', company)
    expect(q.answerType).toBe('other')
    const ranked = rankUnits(
      q,
      evidenceModel(q, [
        tagged('54', 'In 2013, data licensing revenue increased by 48% compared to 2012.'),
        tagged(
          '53',
          'Data licensing revenue was $70.3 million in 2013, as reported in our statements of operations.',
        ),
      ]),
    )
    expect(ranked[0]?.pages).toEqual(['53'])
    expect(ranked.map((u) => u.typeHit)).toEqual([true, false])
  })
  it('cuts a long unit around the question’s terms, not at its start', () => {
    const long = `${'Filler words about nothing at all. '.repeat(40)}Revenue was $3,711 million.`
    const out = clip(long, ['revenu'])
    expect(out.length).toBeLessThanOrEqual(601)
    expect(out).toContain('$3,711 million')
    expect(out.startsWith('…')).toBe(true)
  })
})

describe('citation relevance', () => {
  it('keeps "on its page" apart from "answers the question"', () => {
    const answer =
      '- “Our revenue was $3,711 million in 2011, an increase of 88% from 2010.” [p.1]\n- “Competition from larger launch providers could reduce our launch prices and revenue.” [p.3]'
    const checked = verifyCitations(answer, pageTexts)
    const cited = withRelevance(
      'How many monthly active users did Acme have?',
      answer,
      hits,
      checked,
      company,
    )
    // Both quotes are on their pages (verified) and neither is about users: weak, not green.
    expect(cited.map((c) => [c.page, c.verified, c.relevance?.level])).toEqual([
      ['1', true, 'weak'],
      ['3', true, 'weak'],
    ])
    const onTopic = withRelevance('What was Acme’s revenue in 2011?', answer, hits, checked, company)
    expect(onTopic[0]?.relevance?.level).toBe('strong')
  })

  it('rates every page of citations written together by the text before the first', () => {
    // A sentence running across pages 1 and 2 cites both; the second page's citation is preceded
    // only by a joiner, which says nothing of the question.
    const q = 'What was Acme’s revenue in 2011?'
    const quote = '- “Our revenue was $3,711 million in 2011, an increase of 88% from 2010.”'
    for (const cite of ['[p.1, p.2]', '[p.1] and [p.2]', 'pp. 1 and 2', '(p.1; p.2)']) {
      const answer = `${quote} ${cite}`
      const cited = withRelevance(q, answer, hits, verifyCitations(answer, pageTexts), company)
      expect(
        cited.map((c) => [c.page, c.relevance?.level]),
        cite,
      ).toEqual([
        ['1', 'strong'],
        ['2', 'strong'],
      ])
      expect(cited[1]?.relevance?.score, cite).toBe(cited[0]?.relevance?.score)
    }
    // A citation after words of its own is measured on them, not on the text before.
    const own = `${quote} [p.1] and the founder's share of the vote [p.2]`
    const cited = withRelevance(q, own, hits, verifyCitations(own, pageTexts), company)
    expect(cited[1]?.relevance?.level).toBe('weak')
  })

  it('is not strong when the quote holds one of the several words asked about, however rare', () => {
    // Twenty passages on competition and prices make those words common; "satellite" is rare, so a
    // quote holding it alone clears the evidence threshold for strong.
    const filler = Array.from({ length: 20 }, (_, i) =>
      tagged(String(10 + i), `Competition lowered prices in year ${i + 1}.`),
    )
    const quote = tagged('1', 'Satellite operators are our customers.')
    const pool = [quote, ...filler]
    const answer = '- “Satellite operators are our customers.” [p.1]'
    const q = 'How did competition affect satellite prices?'
    const [cited] = withRelevance(q, answer, pool, verifyCitations(answer, pageTexts), company)
    expect(cited?.relevance?.score).toBeGreaterThanOrEqual(0.5)
    expect(cited?.relevance?.level).toBe('partial')
  })
})

describe('figure questions from a table row', () => {
  const table: Table = {
    page: 'F-4',
    title: 'Consolidated statements of operations',
    units: { label: 'thousands', scale: 1000, exceptPerShare: true, exceptShares: true },
    columns: [
      { label: '2014', period: 'Year ended December 31, 2014' },
      { label: '2015', period: 'Year ended December 31, 2015' },
    ],
    rows: [
      {
        label: 'Revenue .......... $',
        page: 'F-4',
        cells: [
          { text: '$ 88,846', value: 88846000 },
          { text: '$ 166,919', value: 166919000 },
        ],
      },
      {
        label: 'Net loss',
        page: 'F-4',
        cells: [
          { text: '(26,788)', value: -26788000 },
          { text: '(35,504)', value: -35504000 },
        ],
      },
    ],
    continued: false,
  }
  it('answers from the row and the asked period’s column first, with the page', () => {
    const r = extractiveAnswer('How much revenue did Acme record in 2015?', hits, {
      company,
      tables: [table],
    })
    expect(r.abstention).toBeNull()
    expect(r.text).toContain('- Revenue, Year ended December 31, 2015: $166,919 thousand [p.F-4]')
  })
  it('does not answer from a table without the asked period, or for a question that wants no figure', () => {
    const q2013 = extractiveAnswer('How much revenue did Acme record in 2013?', hits, {
      company,
      tables: [table],
    })
    expect(q2013.text).not.toContain('Year ended')
    const who = extractiveAnswer('Who reported revenue in 2015?', hits, { company, tables: [table] })
    expect(who.text).not.toContain('Year ended')
  })
})
