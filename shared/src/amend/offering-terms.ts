/**
 * Domain knowledge (data, not rules from any question): where a registration statement states each
 * offering term, and the words it uses for it. A figure that moved between versions is named after the
 * first term whose section or cue words match the passage it sits in; the order puts the narrower terms
 * first (an over-allotment sentence also mentions shares offered).
 *
 * Sources: Regulation S-K (17 CFR 229) Item 501(b)(2)-(3) (cover page: amount of securities offered,
 * offering price or the method of determining it, the bona fide price range of a preliminary
 * prospectus), Item 504 (use of proceeds), Item 506 (dilution), Item 508 (plan of distribution:
 * underwriters' over-allotment option, lock-up arrangements); the capitalization table that IPO
 * prospectuses print by custom (required of foreign issuers by Form 20-F Item 3.B, referred to by Form
 * F-1); Regulation S-X Rules 3-01, 3-02 and 3-12 (the age of financial statements: an amendment filed
 * after a quarter goes stale adds the next interim period).
 */
import type { OfferingTerm } from '../contract/changes'

export interface OfferingTermCue {
  term: OfferingTerm
  /** The passage's heading path matches one of these. */
  sections: RegExp[]
  /** Or its text matches one of these. */
  cues: RegExp[]
  source: string
}

export const OFFERING_TERM_CUES: readonly OfferingTermCue[] = [
  {
    term: 'over-allotment',
    sections: [],
    cues: [/over-?allotment/i, /option to purchase (up to )?[\d,$]*\s*(additional|more) shares/i],
    source: 'Regulation S-K Item 508 (plan of distribution)',
  },
  {
    term: 'price range',
    sections: [],
    cues: [
      /price range/i,
      /(initial public )?offering price\b/i,
      /\bbetween \$\S* and \$/i,
      /\bprice (to the public )?per share\b/i,
    ],
    source: 'Regulation S-K Item 501(b)(3)',
  },
  {
    term: 'net proceeds',
    sections: [],
    cues: [/\bnet proceeds\b/i],
    source: 'Regulation S-K Item 504',
  },
  {
    term: 'use of proceeds',
    sections: [/\bUSE OF PROCEEDS\b/i],
    cues: [/\buse of proceeds\b/i],
    source: 'Regulation S-K Item 504',
  },
  {
    term: 'lock-up',
    sections: [/\bLOCK-?UP\b/i],
    cues: [/\block-?up\b/i, /\b\d+ days after the date of this prospectus\b/i],
    source: 'Regulation S-K Item 508 (plan of distribution)',
  },
  {
    term: 'dilution',
    sections: [/^DILUTION$/i],
    cues: [/\bnet tangible book value\b/i, /\bdilution (per share|to new investors)\b/i],
    source: 'Regulation S-K Item 506',
  },
  {
    term: 'capitalization',
    sections: [/^CAPITALIZATION$/i],
    cues: [/\btotal capitalization\b/i],
    source: 'Customary CAPITALIZATION table (Form 20-F Item 3.B for foreign issuers)',
  },
  {
    term: 'shares offered',
    sections: [/^THE OFFERING$/i],
    cues: [
      /\b(we are|are being|is) (offering|selling)\b[^.]{0,80}\bshares\b/i,
      /\bshares\b[^.]{0,60}\b(offered|being sold|in this offering)\b/i,
    ],
    source: 'Regulation S-K Item 501(b)(2)',
  },
]

/** Interim and annual periods as financial statements head them (Regulation S-X Rules 3-01/3-02/3-12). */
export const PERIOD_PHRASE =
  /\b(?:(?:three|six|nine|twelve|3|6|9|12) months|(?:fiscal )?years?|quarters?) ended (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, (?:19|20)\d{2}\b/gi

/** Cue words further than this from the figure (in characters) say nothing about it. */
const CUE_REACH = 160

/**
 * The term of a figure from the passage around it: the cue nearest to the figure (at `at` in `text`)
 * wins, so "the over-allotment option … at an assumed offering price of $8.00" names the price; with no
 * cue in reach, the section the passage sits in decides. Null when neither says.
 */
export function offeringTermOf(path: readonly string[], text: string, at = 0): OfferingTerm | null {
  let best: { term: OfferingTerm; distance: number } | null = null
  for (const cue of OFFERING_TERM_CUES) {
    for (const re of cue.cues) {
      for (const m of text.matchAll(new RegExp(re.source, 'gi'))) {
        const start = m.index
        const end = start + m[0].length
        const distance = at < start ? start - at : at > end ? at - end : 0
        if (distance <= CUE_REACH && (!best || distance < best.distance)) best = { term: cue.term, distance }
      }
    }
  }
  if (best) return best.term
  for (const cue of OFFERING_TERM_CUES)
    if (cue.sections.some((re) => path.some((h) => re.test(h)))) return cue.term
  return null
}
