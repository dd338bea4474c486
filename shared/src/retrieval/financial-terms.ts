/**
 * Knowledge of FINANCIAL STATEMENTS, never of a question: the names the four primary statements go
 * by, the line items each prints (US-GAAP taxonomy elements, with their standard labels and the
 * other captions filers print for them), and the standard financial ratios, each defined by its
 * line items and so by the statements that print them. A question naming "operating margin" asks
 * about operating income and revenue, which the income statement prints, though most filings
 * never print the words "operating margin".
 *
 * Every entry names its source. Long because it is data.
 */

/** The standard statements, as section ids of vocabulary.ts. */
export type StatementId = 'income-statement' | 'balance-sheet' | 'cash-flow-statement' | 'equity-statement'

export interface StatementNames {
  id: StatementId
  /** What readers and analysts call the statement (lower case), besides the titles filings print. */
  names: readonly string[]
  source: string
}

export const STATEMENT_NAMES: readonly StatementNames[] = [
  {
    id: 'income-statement',
    names: [
      'income statement',
      'income statements',
      'statement of income',
      'statements of income',
      'statement of operations',
      'statements of operations',
      'statement of earnings',
      'statements of earnings',
      'statement of comprehensive income',
      'profit and loss statement',
      'profit and loss',
      'p&l',
      'p&l statement',
    ],
    source:
      'Regulation S-X Rule 5-03 (statements of comprehensive income); ASC 220 and 225 (income statement); "profit and loss" per IAS 1.81A',
  },
  {
    id: 'balance-sheet',
    names: [
      'balance sheet',
      'balance sheets',
      'statement of financial position',
      'statements of financial position',
      'statement of financial condition',
    ],
    source: 'Regulation S-X Rule 5-02 (balance sheets); ASC 210; IAS 1.10 (statement of financial position)',
  },
  {
    id: 'cash-flow-statement',
    names: [
      'cash flow statement',
      'cash flows statement',
      'statement of cash flows',
      'statements of cash flows',
    ],
    source: 'ASC 230 (statement of cash flows); IAS 7',
  },
  {
    id: 'equity-statement',
    names: [
      'statement of stockholders equity',
      'statement of shareholders equity',
      'statement of changes in equity',
      'statement of changes in stockholders equity',
    ],
    source: 'Regulation S-X Rule 3-04 (changes in stockholders equity); ASC 505; IAS 1.106',
  },
]

export interface LineItem {
  /** US-GAAP taxonomy element. */
  element: string
  /** Its standard label and the captions filings print for it (lower case). */
  labels: readonly string[]
  /** The statement that prints it. */
  statement: StatementId
  /**
   * Verbs that name the line item in a question though they share no stem with its captions, each
   * the verb of which the caption's noun is the act (Merriam-Webster, "loss": "the act of losing"):
   * "how much did it lose" asks for the net loss.
   */
  verbs?: readonly string[]
  /**
   * What a reader calls the line item when asking, though no row prints it so: "how much cash did
   * it have" asks for cash and cash equivalents (ASC 305-10-20), while a row "Cash" is the bank
   * deposits inside that total (Twitter's 10-K, Note 4).
   */
  asked?: readonly string[]
}

/**
 * Line items of the primary statements: the US-GAAP Financial Reporting Taxonomy element, its
 * standard label and the usual captions (Regulation S-X Rules 5-02 and 5-03, ASC 230 captions).
 */
export const LINE_ITEMS_SOURCE =
  'US-GAAP Financial Reporting Taxonomy (FASB) element standard labels; Regulation S-X Rules 5-02 and 5-03 captions; ASC 230 captions'
export const LINE_ITEMS: readonly LineItem[] = [
  {
    element: 'Revenues',
    labels: [
      'revenues',
      'revenue',
      'total revenues',
      'total revenue',
      'net sales',
      'total net sales',
      'net revenues',
    ],
    statement: 'income-statement',
  },
  {
    element: 'CostOfGoodsAndServicesSold',
    labels: [
      'cost of goods and services sold',
      'cost of goods sold',
      'cost of sales',
      'cost of revenue',
      'cogs',
    ],
    statement: 'income-statement',
  },
  { element: 'GrossProfit', labels: ['gross profit'], statement: 'income-statement' },
  {
    element: 'OperatingIncomeLoss',
    labels: [
      'operating income',
      'operating income (loss)',
      'income from operations',
      'loss from operations',
      'operating profit',
    ],
    statement: 'income-statement',
  },
  {
    element: 'ResearchAndDevelopmentExpense',
    labels: ['research and development', 'research and development expense'],
    statement: 'income-statement',
  },
  { element: 'InterestExpense', labels: ['interest expense'], statement: 'income-statement' },
  {
    element: 'IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest',
    labels: [
      'income before income taxes',
      'loss before income taxes',
      'earnings before income taxes',
      'pretax income',
    ],
    statement: 'income-statement',
  },
  {
    element: 'IncomeTaxExpenseBenefit',
    labels: ['income tax expense', 'income tax expense (benefit)', 'provision for income taxes'],
    statement: 'income-statement',
  },
  {
    element: 'NetIncomeLoss',
    labels: ['net income', 'net loss', 'net earnings', 'net income (loss)'],
    statement: 'income-statement',
    verbs: ['lose'],
  },
  {
    element: 'EarningsPerShareDiluted',
    labels: [
      'earnings per share',
      'diluted earnings per share',
      'net income per share',
      'net loss per share',
      'net income (loss) per share',
    ],
    statement: 'income-statement',
  },
  {
    element: 'CashAndCashEquivalentsAtCarryingValue',
    labels: ['cash and cash equivalents'],
    statement: 'balance-sheet',
    asked: ['cash'],
  },
  {
    element: 'InventoryNet',
    labels: ['inventory', 'inventories', 'inventory, net'],
    statement: 'balance-sheet',
  },
  {
    element: 'AccountsPayableCurrent',
    labels: ['accounts payable', 'accounts payable, current'],
    statement: 'balance-sheet',
  },
  {
    element: 'AccountsReceivableNetCurrent',
    labels: ['accounts receivable', 'accounts receivable, net'],
    statement: 'balance-sheet',
  },
  {
    element: 'AssetsCurrent',
    labels: ['current assets', 'total current assets'],
    statement: 'balance-sheet',
  },
  {
    element: 'LiabilitiesCurrent',
    labels: ['current liabilities', 'total current liabilities'],
    statement: 'balance-sheet',
  },
  { element: 'Assets', labels: ['total assets'], statement: 'balance-sheet' },
  { element: 'Liabilities', labels: ['total liabilities'], statement: 'balance-sheet' },
  {
    element: 'PropertyPlantAndEquipmentNet',
    labels: ['property, plant and equipment', 'property and equipment', 'fixed assets'],
    statement: 'balance-sheet',
  },
  { element: 'LongTermDebtNoncurrent', labels: ['long-term debt'], statement: 'balance-sheet' },
  {
    element: 'StockholdersEquity',
    labels: ['stockholders equity', 'shareholders equity', 'total stockholders equity', 'total equity'],
    statement: 'balance-sheet',
  },
  {
    element: 'NetCashProvidedByUsedInOperatingActivities',
    labels: [
      'net cash provided by operating activities',
      'net cash provided by (used in) operating activities',
      'net cash used in operating activities',
      'cash flow from operations',
      'cash flows from operating activities',
      'operating cash flow',
    ],
    statement: 'cash-flow-statement',
  },
  {
    element: 'NetCashProvidedByUsedInInvestingActivities',
    labels: [
      'net cash used in investing activities',
      'cash flows from investing activities',
      'investing activities',
    ],
    statement: 'cash-flow-statement',
  },
  {
    element: 'NetCashProvidedByUsedInFinancingActivities',
    labels: [
      'net cash used in financing activities',
      'cash flows from financing activities',
      'financing activities',
    ],
    statement: 'cash-flow-statement',
  },
  {
    element: 'PaymentsToAcquirePropertyPlantAndEquipment',
    labels: [
      'purchases of property and equipment',
      'payments to acquire property, plant and equipment',
      'capital expenditures',
    ],
    statement: 'cash-flow-statement',
  },
  {
    element: 'DepreciationDepletionAndAmortization',
    labels: ['depreciation and amortization', 'depreciation, depletion and amortization', 'd&a'],
    statement: 'cash-flow-statement',
  },
  {
    // The total the cash flow statement reconciles since ASU 2016-18 (ASC 230-10-45-4): cash and
    // cash equivalents plus restricted cash, a larger figure than the balance sheet's cash and cash
    // equivalents (S-X 5-02.1 sets restricted cash apart). Its own line item, so a row printing it
    // is not read as the cash and cash equivalents the caption it starts with names.
    element: 'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
    labels: ['cash, cash equivalents and restricted cash'],
    statement: 'cash-flow-statement',
  },
  {
    // Cash and cash equivalents with the short-term investments the filer holds beside them (the
    // taxonomy's "Cash, Cash Equivalents, and Short-term Investments"; filers print "marketable
    // securities" for the investments): a larger subtotal, not cash and cash equivalents.
    element: 'CashCashEquivalentsAndShortTermInvestments',
    labels: [
      'cash, cash equivalents and short-term investments',
      'cash, cash equivalents and marketable securities',
      'cash, cash equivalents and investments',
    ],
    statement: 'balance-sheet',
  },
]

export interface Ratio {
  /** The ratio's names (lower case). */
  names: readonly string[]
  /** Its definition in line items. */
  definition: string
  /** The statements printing its line items. */
  statements: readonly StatementId[]
  source: string
}

const CFA =
  'CFA Institute, "Financial Analysis Techniques" (CFA Program Curriculum Level I; Robinson et al., International Financial Statement Analysis), ratio definitions'

/*
 * Not here: "working capital" (current assets − current liabilities) is, in a prospectus, first a
 * purpose in Use of Proceeds ("general corporate purposes, including working capital").
 */
export const RATIOS: readonly Ratio[] = [
  {
    names: ['gross margin', 'gross profit margin'],
    definition: 'gross profit / revenue',
    statements: ['income-statement'],
    source: CFA,
  },
  {
    names: ['operating margin', 'operating profit margin', 'operating income margin'],
    definition: 'operating income / revenue',
    statements: ['income-statement'],
    source: CFA,
  },
  {
    names: ['pretax margin'],
    definition: 'income before taxes / revenue',
    statements: ['income-statement'],
    source: CFA,
  },
  {
    names: ['net margin', 'net profit margin', 'profit margin'],
    definition: 'net income / revenue',
    statements: ['income-statement'],
    source: CFA,
  },
  {
    names: ['return on assets', 'roa'],
    definition: 'net income / average total assets',
    statements: ['income-statement', 'balance-sheet'],
    source: CFA,
  },
  {
    names: ['return on equity', 'roe'],
    definition: 'net income / average total equity',
    statements: ['income-statement', 'balance-sheet'],
    source: CFA,
  },
  {
    names: ['return on invested capital', 'return on total capital', 'roic'],
    definition: 'EBIT / (short- and long-term debt + total equity)',
    statements: ['income-statement', 'balance-sheet'],
    source: CFA,
  },
  {
    names: ['dividend payout ratio', 'payout ratio', 'retention rate'],
    definition: 'common dividends declared / net income attributable to common shares; 1 − payout ratio',
    statements: ['cash-flow-statement', 'income-statement'],
    source: CFA,
  },
  {
    names: ['ebit'],
    definition: 'earnings before interest and taxes (operating income)',
    statements: ['income-statement'],
    source: CFA,
  },
  {
    names: ['current ratio'],
    definition: 'current assets / current liabilities',
    statements: ['balance-sheet'],
    source: CFA,
  },
  {
    names: ['quick ratio', 'acid-test ratio', 'cash ratio'],
    definition: '(cash + short-term marketable investments + receivables) / current liabilities',
    statements: ['balance-sheet'],
    source: CFA,
  },
  {
    names: [
      'debt-to-equity ratio',
      'debt to equity',
      'debt-to-assets ratio',
      'debt-to-capital ratio',
      'financial leverage ratio',
    ],
    definition:
      'total debt / total equity; total debt / total assets; average total assets / average total equity',
    statements: ['balance-sheet'],
    source: CFA,
  },
  {
    names: ['interest coverage', 'times interest earned', 'fixed charge coverage'],
    definition: 'EBIT / interest payments',
    statements: ['income-statement'],
    source: CFA,
  },
  {
    names: ['inventory turnover', 'days inventory outstanding', 'days of inventory on hand'],
    definition: 'cost of sales / average inventory; 365 / inventory turnover',
    statements: ['income-statement', 'balance-sheet'],
    source: CFA,
  },
  {
    names: ['receivables turnover', 'days sales outstanding', 'days of sales outstanding'],
    definition: 'revenue / average receivables; 365 / receivables turnover',
    statements: ['income-statement', 'balance-sheet'],
    source: CFA,
  },
  {
    names: ['payables turnover', 'days payable outstanding', 'number of days of payables'],
    definition:
      'purchases (cost of sales + change in inventory) / average trade payables; 365 / payables turnover',
    statements: ['income-statement', 'balance-sheet'],
    source: CFA,
  },
  {
    names: ['cash conversion cycle'],
    definition: 'days of inventory on hand + days of sales outstanding − number of days of payables',
    statements: ['income-statement', 'balance-sheet'],
    source: CFA,
  },
  {
    names: ['fixed asset turnover', 'total asset turnover', 'asset turnover', 'working capital turnover'],
    definition: 'revenue / average net fixed assets (total assets, working capital)',
    statements: ['income-statement', 'balance-sheet'],
    source: CFA,
  },
  {
    names: ['capital intensity', 'capital intensity ratio'],
    definition: 'total assets / sales (the reciprocal of total asset turnover)',
    statements: ['balance-sheet', 'income-statement'],
    source:
      'Ross, Westerfield and Jaffe, Corporate Finance, "Financial Planning and Growth" (capital intensity ratio)',
  },
  {
    names: ['effective tax rate', 'effective income tax rate'],
    definition: 'income tax expense / income before income taxes',
    statements: ['income-statement'],
    source: 'Regulation S-X Rule 4-08(h)(2) (reconciliation to the effective rate); ASC 740-10-50-12',
  },
  {
    names: ['ebitda', 'ebitda margin'],
    definition: 'earnings before interest, taxes, depreciation and amortization (/ revenue)',
    statements: ['income-statement', 'cash-flow-statement'],
    source: 'SEC Release 33-8176 (Conditions for Use of Non-GAAP Financial Measures, 2003), EBITDA',
  },
  {
    names: ['free cash flow'],
    definition: 'net cash provided by operating activities − capital expenditures',
    statements: ['cash-flow-statement'],
    source: 'SEC Compliance and Disclosure Interpretations, Non-GAAP Financial Measures, Question 102.07',
  },
]
