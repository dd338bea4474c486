/**
 * Knowledge of the FORM, never of a question: the standard sections of registration statements
 * (Form S-1, prospectuses filed under Rule 424(b)) and annual reports (Form 10-K), each with the
 * titles filings print for it and a short description of what it holds, taken from the item's
 * title and instructions in Regulation S-K (17 CFR 229) or Regulation S-X (17 CFR 210), as the
 * `source` of each entry names. A chunk under a section is indexed with the section's description
 * (a field of its own), so a question reaches its section without sharing the heading's words:
 * "how many people work there" reaches Employees through "persons employed".
 *
 * Every entry holds for every filing of these forms; none comes from a question. Long because it is
 * data: one entry per standard section, each with its titles, description and source.
 */

export interface FormSection {
  id: string
  /** Titles as filings print them (lower case, compared after tidying; "Item 7." prefixes removed). */
  titles: readonly string[]
  /** What the section holds, in the words of the item's title and instructions. */
  description: string
  /** Where the description comes from. */
  source: string
}

export const FORM_SECTIONS: readonly FormSection[] = [
  {
    id: 'summary',
    titles: ['prospectus summary', 'summary', 'the offering', 'summary consolidated financial data'],
    description:
      'brief overview of the key aspects of the offering: the company, its business, the securities offered, shares outstanding after the offering, summary financial data',
    source: 'Regulation S-K Item 503(a) (prospectus summary); Form S-1 Item 3',
  },
  {
    id: 'risk-factors',
    titles: ['risk factors', 'item 1a risk factors'],
    description:
      'material factors that make an investment in the registrant speculative or risky; risks related to the business, industry and the offering',
    source: 'Regulation S-K Item 105 (risk factors); Form S-1 Item 3; Form 10-K Item 1A',
  },
  {
    id: 'use-of-proceeds',
    titles: ['use of proceeds'],
    description:
      'principal purposes for which the net proceeds of the offering are intended to be used and the approximate amount for each purpose',
    source: 'Regulation S-K Item 504 (use of proceeds); Form S-1 Item 4',
  },
  {
    id: 'dividend-policy',
    titles: ['dividend policy', 'dividends', 'market for registrant s common equity'],
    description:
      'cash dividends declared and paid, frequency and amount, restrictions that limit the ability to pay dividends, intention to retain earnings',
    source: 'Regulation S-K Item 201(c) (dividends); Form 10-K Item 5',
  },
  {
    id: 'capitalization',
    titles: ['capitalization'],
    description:
      'cash, indebtedness and stockholders equity actual and as adjusted for the offering; total capitalization',
    source: 'Form S-1 prospectus capitalization table (Regulation S-X Article 5 balance sheet captions)',
  },
  {
    id: 'dilution',
    titles: ['dilution'],
    description:
      'net tangible book value per share before and after the distribution and the immediate dilution to purchasers in the offering',
    source: 'Regulation S-K Item 506 (dilution); Form S-1 Item 6',
  },
  {
    id: 'selected-financial-data',
    titles: [
      'selected financial data',
      'selected consolidated financial data',
      'item 6 selected financial data',
    ],
    description:
      'selected financial data for five years: net sales or operating revenues, income or loss, per share data, total assets, long-term obligations, cash dividends declared per share',
    source: 'Regulation S-K Item 301 (selected financial data); Form 10-K Item 6',
  },
  {
    id: 'mdna',
    titles: [
      'management s discussion and analysis of financial condition and results of operations',
      'management s discussion and analysis',
    ],
    description:
      'results of operations, revenue and expenses, known trends and uncertainties, key metrics, period to period comparison, liquidity and capital resources, critical accounting estimates',
    source: 'Regulation S-K Item 303 (MD&A); Form S-1 Item 11(h); Form 10-K Item 7',
  },
  {
    id: 'results-of-operations',
    titles: ['results of operations', 'comparison of the years', 'components of results of operations'],
    description:
      'revenue, costs and expenses, operating income or loss, net income or loss compared period to period and the reasons for material changes',
    source: 'Regulation S-K Item 303(b)(2) (results of operations)',
  },
  {
    id: 'liquidity',
    titles: ['liquidity and capital resources'],
    description:
      'cash requirements, sources of liquidity, cash and cash equivalents, cash flows from operating investing and financing activities, capital expenditures, credit facility, borrowings, material commitments',
    source: 'Regulation S-K Item 303(b)(1) (liquidity and capital resources)',
  },
  {
    id: 'market-risk',
    titles: [
      'quantitative and qualitative disclosures about market risk',
      'quantitative and qualitative disclosure about market risk',
    ],
    description:
      'market risk sensitive instruments: interest rate risk, foreign currency exchange risk, inflation risk, commodity price risk',
    source: 'Regulation S-K Item 305; Form 10-K Item 7A',
  },
  {
    id: 'business',
    titles: ['business', 'our business'],
    description:
      'general development of the business, products and services, customers, markets, competition, seasonality, intellectual property, government regulation, human capital',
    source: 'Regulation S-K Item 101 (description of business); Form S-1 Item 11(a); Form 10-K Item 1',
  },
  {
    id: 'employees',
    titles: [
      'employees',
      'human capital',
      'human capital resources',
      'employees and human capital resources',
    ],
    description: 'number of persons employed by the registrant, full-time employees, human capital resources',
    source: 'Regulation S-K Item 101(c)(2)(ii) (number of persons employed; human capital)',
  },
  {
    id: 'properties',
    titles: ['properties', 'facilities'],
    description:
      'location and general character of the principal offices, headquarters, plants and other real property, owned or leased, square feet',
    source: 'Regulation S-K Item 102 (description of property); Form 10-K Item 2',
  },
  {
    id: 'legal-proceedings',
    titles: ['legal proceedings'],
    description:
      'material pending legal proceedings, lawsuits and litigation: the court, the date instituted, the principal parties, the relief sought',
    source: 'Regulation S-K Item 103 (legal proceedings); Form 10-K Item 3',
  },
  {
    id: 'management',
    titles: [
      'management',
      'directors and executive officers',
      'executive officers and directors',
      'board of directors',
    ],
    description:
      'names, ages and positions of directors and executive officers, business experience, founders, board committees',
    source: 'Regulation S-K Item 401 (directors and executive officers); Form S-1 Item 11(k)',
  },
  {
    id: 'executive-compensation',
    titles: ['executive compensation', 'compensation discussion and analysis', 'director compensation'],
    description:
      'compensation of named executive officers and directors: salary, bonus, stock awards, option awards, summary compensation table',
    source: 'Regulation S-K Item 402 (executive compensation); Form S-1 Item 11(l)',
  },
  {
    id: 'related-party',
    titles: [
      'certain relationships and related party transactions',
      'certain relationships and related transactions',
      'certain relationships and related person transactions',
      'related party transactions',
    ],
    description:
      'transactions with related persons: directors, executive officers, holders of more than five percent, their interest and the amount involved',
    source: 'Regulation S-K Item 404 (transactions with related persons); Form S-1 Item 11(n)',
  },
  {
    id: 'principal-stockholders',
    titles: [
      'principal stockholders',
      'principal and selling stockholders',
      'principal and selling shareholders',
      'principal shareholders',
      'security ownership of certain beneficial owners and management',
    ],
    description:
      'beneficial owners of more than five percent of any class of voting securities, shares beneficially owned and percent of class by directors and officers, voting power, selling stockholders',
    source:
      'Regulation S-K Item 403 (security ownership of certain beneficial owners and management); Item 507 (selling security holders)',
  },
  {
    id: 'capital-stock',
    titles: ['description of capital stock', 'description of securities', 'description of share capital'],
    description:
      'authorized capital stock, common stock and preferred stock, classes of shares, voting rights, dividend rights, conversion, anti-takeover provisions, transfer agent, listing',
    source: 'Regulation S-K Item 202 (description of registrant\u2019s securities); Form S-1 Item 9',
  },
  {
    id: 'shares-eligible',
    titles: ['shares eligible for future sale'],
    description:
      'shares that may be sold in the public market after the offering: Rule 144, Rule 701, lock-up agreements, registration rights, equity plans',
    source:
      'Form S-1 prospectus section on future sales (Securities Act Rules 144 and 701; Regulation S-K Item 201(a)(2))',
  },
  {
    id: 'underwriting',
    titles: ['underwriting', 'underwriters', 'plan of distribution', 'underwriting (conflicts of interest)'],
    description:
      'the underwriters and the amount each has agreed to purchase, the nature of the obligation to take the securities, underwriting discounts and commissions, option to purchase additional shares, lock-up, indemnification, stabilization',
    source: 'Regulation S-K Item 508 (plan of distribution); Form S-1 Item 8',
  },
  {
    id: 'experts',
    titles: ['experts', 'interests of named experts and counsel'],
    description:
      'accountants and other experts named as having prepared or certified any part of the registration statement, the independent registered public accounting firm whose report on the audited financial statements is included, with their consent; counsel giving an opinion on the validity of the securities; their interests in the registrant',
    source:
      'Regulation S-K Item 509 (interests of named experts and counsel); Form S-1 Item 10; Securities Act Section 7(a) (consent of accountants and experts)',
  },
  {
    id: 'accountants',
    titles: [
      'change in independent registered public accounting firm',
      'changes in independent registered public accounting firm',
      'change in accountants',
      'changes in and disagreements with accountants on accounting and financial disclosure',
    ],
    description:
      'changes in the registrant\u2019s certifying accountant: the independent accountant who resigned, declined to stand for re-election or was dismissed, disagreements with it, and the new independent accountant engaged as principal accountant to audit the financial statements',
    source: 'Regulation S-K Item 304 (changes in and disagreements with accountants); Form 10-K Item 9',
  },
  {
    id: 'financial-statements',
    titles: [
      'index to consolidated financial statements',
      'consolidated financial statements',
      'financial statements and supplementary data',
      'report of independent registered public accounting firm',
    ],
    description:
      'balance sheets, statements of operations and comprehensive income, stockholders equity and cash flows, audited by the independent registered public accounting firm',
    source: 'Regulation S-X Rules 3-01 to 3-04 and Article 5; Form 10-K Item 8',
  },
  {
    id: 'balance-sheet',
    titles: [
      'consolidated balance sheets',
      'consolidated balance sheet',
      'consolidated statements of financial position',
      'consolidated statement of financial position',
    ],
    description:
      'balance sheet (statement of financial position): assets, liabilities and stockholders equity at the period end: cash and cash equivalents, accounts receivable, inventories, property and equipment, goodwill, total assets, accounts payable, accrued liabilities, long-term debt, total liabilities, retained earnings or accumulated deficit',
    source: 'Regulation S-X Rule 5-02 (balance sheets); ASC 210',
  },
  {
    id: 'income-statement',
    titles: [
      'consolidated statements of operations',
      'consolidated statement of operations',
      'consolidated statements of income',
      'consolidated statement of income',
      'consolidated statements of earnings',
      'consolidated income statements',
      'consolidated statements of comprehensive income',
      'consolidated statements of comprehensive loss',
      'consolidated statements of operations and comprehensive loss',
      'consolidated statements of operations and comprehensive income',
    ],
    description:
      'income statement (statement of operations, statement of income or earnings, profit and loss): net sales or revenue, cost of sales or cost of goods sold, gross profit, operating expenses, operating income or loss, interest, income taxes, net income or net loss, earnings per share',
    source: 'Regulation S-X Rule 5-03 (income statements); ASC 220 and 225',
  },
  {
    id: 'cash-flow-statement',
    titles: ['consolidated statements of cash flows', 'consolidated statement of cash flows'],
    description:
      'statement of cash flows: net cash provided by or used in operating, investing and financing activities; depreciation and amortization, capital expenditures (purchases of property and equipment), acquisitions, repurchases of stock, dividends paid, cash at the end of the period',
    source: 'ASC 230 (statement of cash flows); Regulation S-X Rule 3-02',
  },
  {
    id: 'equity-statement',
    titles: [
      'consolidated statements of stockholders equity',
      'consolidated statements of stockholders deficit',
      'consolidated statements of shareholders equity',
      'consolidated statements of changes in stockholders equity',
      'consolidated statements of convertible preferred stock and stockholders deficit',
      'consolidated statements of redeemable convertible preferred stock and stockholders equity (deficit)',
    ],
    description:
      'statement of stockholders equity: changes in common stock, additional paid-in capital, retained earnings or accumulated deficit, treasury stock and accumulated other comprehensive income, with shares issued and repurchased and dividends declared',
    source: 'Regulation S-X Rule 3-04 (changes in stockholders equity); ASC 505',
  },
  {
    id: 'notes',
    titles: [
      'notes to consolidated financial statements',
      'notes to the consolidated financial statements',
      'notes to financial statements',
      'notes to the financial statements',
    ],
    description:
      'notes to the financial statements: accounting policies, revenue recognition, income taxes, commitments and contingencies, leases, debt, stock-based compensation, segment and geographic information, subsequent events',
    source: 'Regulation S-X Rules 4-01 to 4-08 and 5-02 (notes and disclosures); Form 10-K Item 8',
  },
]

/*
 * The statements' titles are the consolidated forms only: a bare "Balance Sheet" or "Statements of
 * Operations" is also a title-case subsection of MD&A, and a title here makes a title-case heading
 * top-level (ingest/src/headings.ts). A bare or qualified title is read by `statementTitleOf`.
 */

/**
 * The caption under which the form prints the answer to a kind of question about the registrant:
 * where it is located is "the complete mailing address and telephone number of [its] principal
 * executive offices" (Regulation S-K Item 503(b)), also on the cover of Form S-1 and Form 10-K.
 */
export const ANSWER_CAPTIONS: Readonly<Record<string, { caption: string; source: string }>> = {
  location: {
    caption: 'principal executive offices',
    source: 'Regulation S-K Item 503(b) (address and telephone number); Form S-1 and Form 10-K cover pages',
  },
}

/**
 * A heading as compared with section titles: lower case, "Item 7." and punctuation removed, and
 * the continuation mark a page repeating a heading prints ("NOTES TO CONSOLIDATED FINANCIAL
 * STATEMENTS (CONTINUED)", "Notes to Financial Statements – (Continued)"): it is not the title's.
 */
export function tidyTitle(heading: string): string {
  return heading
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s–—-]*\(continued\)\s*$|[\s]*[–—-]\s*continued\s*$/, '')
    .replace(/^\s*item\s+\d+[a-c]?\s*[.:\-–—]?\s*/, '')
    .replace(/[’']/g, ' ')
    .replace(/[^a-z0-9()&]+/g, ' ')
    .trim()
}

const BY_TITLE = new Map<string, FormSection>(
  FORM_SECTIONS.flatMap((s) => s.titles.map((t) => [tidyTitle(t), s] as const)),
)

/** The standard section a printed heading names, or null (exact title after tidying). */
export function formSectionOf(heading: string): FormSection | null {
  const tidy = tidyTitle(heading)
  const exact = BY_TITLE.get(tidy)
  if (exact) return exact
  // A statement's title with its qualifiers ("Condensed Consolidated Balance Sheets",
  // "Notes to unaudited condensed consolidated financial statements"): the consolidated title.
  return STATEMENT_QUALIFIER.test(tidy) ? statementOfKey(statementKey(tidy)) : null
}

/**
 * Words Regulation S-X lets a statement's title carry besides what the statement is: consolidated
 * or combined (Rules 3A-02, 3A-05), condensed and unaudited interim statements (Article 10, Rule
 * 10-01). Without them a title still names its statement.
 */
const QUALIFIERS = 'consolidated|combined|condensed|unaudited|interim'
const STATEMENT_QUALIFIER = new RegExp(`\\b(?:${QUALIFIERS})\\b`)
const QUALIFIERS_AND_THE = new RegExp(`\\b(?:${QUALIFIERS}|the)\\b`, 'g')
const statementKey = (tidy: string): string =>
  tidy.replace(QUALIFIERS_AND_THE, ' ').replace(/\s+/g, ' ').trim()
/** The financial statements and their notes: the sections a statement title may name bare. */
const STATEMENT_IDS = new Set([
  'balance-sheet',
  'income-statement',
  'cash-flow-statement',
  'equity-statement',
  'notes',
])
const BY_STATEMENT_KEY = new Map<string, FormSection>(
  FORM_SECTIONS.filter((s) => STATEMENT_IDS.has(s.id)).flatMap((s) =>
    s.titles.map((t) => [statementKey(tidyTitle(t)), s] as const),
  ),
)
const EQUITY = FORM_SECTIONS.find((s) => s.id === 'equity-statement') as FormSection
/**
 * A statement by its title without qualifiers; a statement "of" changes in stockholders' or
 * shareholders' equity or deficit (with whatever preferred stock precedes it: S-X Rule 3-04)
 * whatever the classes it lists.
 */
function statementOfKey(key: string): FormSection | null {
  const known = BY_STATEMENT_KEY.get(key)
  if (known) return known
  return /^statements? of .*\b(?:stockholders|shareholders)\b/.test(key) ? EQUITY : null
}

/**
 * The statement (or the notes) a heading names, its title printed bare or qualified: "Balance
 * Sheets", "Statements of Operations", as a registrant without subsidiaries titles them (Pandora).
 * Bare, a title is also an MD&A subsection's ("Balance Sheet"), so only a heading read inside the
 * financial statements is read so (ingest/src/headings.ts), and a path's top-level part (only
 * there does ingest make one top-level).
 */
export function statementTitleOf(heading: string): FormSection | null {
  const s = formSectionOf(heading)
  if (s) return STATEMENT_IDS.has(s.id) ? s : null
  return statementOfKey(statementKey(tidyTitle(heading)))
}

/**
 * The standard sections a printed heading names: its exact title, or, for a heading that joins
 * subjects ("Culture and Employees", "Properties and Facilities", "Employees, Culture and Values"),
 * each joined part that is a title. A filing may give two items one heading; the heading then
 * holds both. Not used for a heading's level (ingest/src/headings.ts reads `formSectionOf`): a
 * joined heading is a subsection, whatever it names.
 */
const BY_HEADING = new Map<string, FormSection[]>()
export function formSectionsOfHeading(heading: string): FormSection[] {
  const whole = formSectionOf(heading)
  if (whole) return [whole]
  const known = BY_HEADING.get(heading)
  if (known) return known
  const out: FormSection[] = []
  for (const part of heading.split(/\s*(?:\band\b|&|,)\s*/i)) {
    const s = BY_TITLE.get(tidyTitle(part))
    if (s && !out.includes(s)) out.push(s)
  }
  if (BY_HEADING.size > 50_000) BY_HEADING.clear()
  BY_HEADING.set(heading, out)
  return out
}

/** Section path separator: "Management's Discussion … › Results of Operations". */
export const PATH_SEP = ' › '

/**
 * The standard sections along a section path, outermost first (no repeats). With `joined`, a
 * heading joining subjects names each of them (`formSectionsOfHeading`); without, a heading names
 * a section only by its exact title, as the keyword fields and the section evidence read it.
 */
const BY_PATH = new Map<string, FormSection[]>()
export function formSectionsOfPath(path: string | null, joined = false): FormSection[] {
  if (!path) return []
  const key = joined ? `\u0000${path}` : path
  const known = BY_PATH.get(key)
  if (known) return known
  const out: FormSection[] = []
  for (const [i, part] of path.split(PATH_SEP).entries()) {
    const named: (FormSection | null)[] = joined ? [...formSectionsOfHeading(part)] : [formSectionOf(part)]
    // A bare statement title is top-level only inside the statements (statementTitleOf).
    if (i === 0 && !named.some(Boolean)) named.push(statementTitleOf(part))
    for (const s of named) if (s && !out.includes(s)) out.push(s)
  }
  // A filing has a few hundred distinct paths; bounded all the same.
  if (BY_PATH.size > 50_000) BY_PATH.clear()
  BY_PATH.set(key, out)
  return out
}
