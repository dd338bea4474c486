/**
 * The lists of names a registration statement must print as a table, as data with their sources:
 * which standard section prints each, the words a question asks for it by, and what kind of party each row
 * names. Read by name-lists.ts; no rule here comes from a question of the sets.
 */

/** Who a list's rows name: firms only (underwriters are broker-dealers), or firms and people. */
export type Parties = 'firms' | 'firms-or-people'

export interface FormList {
  /** What the rows are, for the answer's lead line ("the underwriters"). */
  what: string
  /** Where the form requires it. */
  source: string
  /**
   * The standard section that prints it (an id of FORM_SECTIONS, shared/src/retrieval/vocabulary.ts,
   * whose titles are the headings filings print it under).
   */
  section: string
  /**
   * Words a question asks for the list by: the role's names and their plain ones
   * (the SEC's investor glossary defines an underwriter as "an investment bank" that buys the
   * issue and resells it; Item 403's holders are "beneficial owners" of a stake).
   */
  asks: readonly string[]
  /**
   * Words that name a party of many roles ("bank": a lender, a depositary, a trustee as well as an
   * underwriter), and what the question must also name for them to ask for this list: the thing
   * the role is for. "Which banks are managing the IPO?" asks for the underwriters; "Which banks
   * provide the credit facility?" does not.
   */
  generic?: { words: readonly string[]; needs: readonly string[] }
  parties: Parties
}

export const FORM_LISTS: readonly FormList[] = [
  {
    what: 'the underwriters',
    source:
      'Regulation S-K Item 508(a) (17 CFR 229.508(a)): each underwriter named, with the amount of securities it takes',
    section: 'underwriting',
    asks: ['underwriter', 'underwriting', 'underwrite', 'bookrunner'],
    // Item 508 is the plan of distribution of "the securities being offered": the banks of the
    // offering.
    generic: {
      words: ['bank', 'banks', 'banker'],
      needs: ['offering', 'offer', 'ipo', 'initial public offering'],
    },
    parties: 'firms',
  },
  {
    // In words, as Item 403 writes it: a figure beside a citation is checked against the cited page,
    // and a continued table's page need not print "5%".
    what: 'the holders of more than five percent and the directors and officers',
    source:
      'Regulation S-K Item 403(a) and (b) (17 CFR 229.403): security ownership of beneficial owners of more than five percent and of management',
    section: 'principal-stockholders',
    // Not the verb "own": "Who owns the patents?" asks for no stockholder.
    asks: ['stockholder', 'shareholder', 'holder', 'owner', 'ownership', 'stake', 'investor'],
    parties: 'firms-or-people',
  },
]

/**
 * The designators that end a firm's name, as the laws of organisation require them: Delaware
 * General Corporation Law § 102(a)(1) (a corporation's name holds "association", "company",
 * "corporation", "club", "foundation", "fund", "incorporated", "institute", "society", "union",
 * "syndicate" or "limited", or an abbreviation of one), Delaware LLC Act § 18-102 ("LLC",
 * "L.L.C."), Delaware Revised Uniform Limited Partnership Act § 17-102 ("L.P.", "LP"), § 15-1002 of
 * the Partnership Act ("LLP", "L.L.P."), the UK Companies Act 2006 s.58 ("plc") and the usual
 * continental ones ("AG", "GmbH", "S.A.", "N.V.", "B.V."); "& Co." is the partnership form.
 */
export const FIRM_DESIGNATORS: readonly string[] = [
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'company',
  'co',
  'limited',
  'ltd',
  'llc',
  'l.l.c',
  'lp',
  'l.p',
  'llp',
  'l.l.p',
  'plc',
  'ag',
  'gmbh',
  's.a',
  'n.v',
  'b.v',
  'n.a',
  'fund',
  'trust',
  'foundation',
]

/**
 * How Item 403 tables print a holder that is a group of funds: "Entities affiliated with Crosslink
 * Capital", "Funds affiliated with …": the name is what follows.
 */
export const AFFILIATES_PREFIX =
  /^(?:(?:entities|funds|affiliates|investment funds)\s+)?(?:affiliated|associated)\s+with\s+/i
