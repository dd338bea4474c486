/**
 * The one home of figures: how a printed number is read ("$1.2 billion", "1,200", "(27,474)",
 * "12.5%", "$0.84 per share"), what a table's units do to it ("in thousands, except per share
 * amounts"), and when two figures are the same number after rounding ("$166.9 million" is the cell
 * 166,919 of a table in thousands; "$170.2 million" is not). Ingest reads table cells with it, the
 * citation check compares quoted figures with pages and cells with it, retrieval and extractive
 * answers find figures with it. Pure and browser-safe.
 *
 * Longer than our ~300-line norm on purpose: reading a figure, its units and deciding what states it
 * are one idea with one set of rules; split, the rules would drift apart again (they once lived in
 * three regex sets).
 */

export type FigureKind = 'money' | 'percent' | 'per-share' | 'number'

export interface Figure {
  /** As printed (trimmed). */
  text: string
  /** Where it starts in the text it was found in (0 for a single parsed figure). */
  index: number
  kind: FigureKind
  /** The printed number with its sign: "(27,474)" is -27474, "$1.2 billion" is 1.2. */
  number: number
  /** What a printed scale word or a table's units multiply it by ("billion" = 1e9), else 1. */
  scale: number
  /** number × scale: the figure's actual value ("$1.2 billion" = 1.2e9). */
  value: number
  /** Half a unit of the last printed digit, scaled: the rounding the printed figure stands for. */
  tolerance: number
  /** A scale word was printed with it ("million", "bn"): table units never apply on top of it. */
  scaled: boolean
  /** Bare 4-digit year, day of a date, note/item/section number: never a quoted figure. */
  label: boolean
  /** A table cell's row label ("Net loss"): which line item the figure is printed in. */
  row?: string
}

/** Whether a figure is a sum of money: an amount or a per-share amount. */
export const isMoney = (f: Pick<Figure, 'kind'>): boolean => f.kind === 'money' || f.kind === 'per-share'

const SCALE_WORDS: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  billion: 1e9,
  b: 1e9,
  bn: 1e9,
  trillion: 1e12,
  tn: 1e12,
}

/** A printed number: "3,711", "166.9", ".5" (regex source, shared with the keyword tokenizer). */
export const NUMBER_SOURCE = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`
/** The scale words a figure may print after its number (regex source, shared with the tokenizer). */
export const SCALE_WORD_SOURCE = 'thousand|million|billion|trillion'
const NUM = `${NUMBER_SOURCE}|\\.\\d+`
/**
 * One figure in running text. Groups: neg (leading minus, not a dash right after a figure: "5%-10%"
 * is a range), open/close (parentheses = negative),
 * cur ($), num, pct (% or "percent"), scale (a word, or an abbreviation only right after "$1.2"),
 * share ("per share"). Not inside a word, a code ("F-16", "10-K", "333-1234") or a date ("12/31").
 */
const FIGURE_RE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_.,/]|[\p{L}\p{N}]-)` +
    String.raw`(?<neg>(?<![\d%)]\s?)[-\u2212\u2013](?=\s?\$?\s?\d))?(?<open>\((?=\s?\$?\s?[\d.]))?(?<cur>\$\s?)?(?<open2>\((?=\s?[\d.]))?\s?` +
    `(?<num>${NUM})` +
    String.raw`(?:\s?(?<close>\)))?` +
    String.raw`(?:(?<pct>\s?%|\s(?:percent|per cent)\b)|(?:\s(?<scale>${SCALE_WORD_SOURCE})s?\b)|(?<=\$\s?[\d.,]+)(?<abbr>bn|mm|mn|tn|[kmb])\b)?` +
    String.raw`(?<share>\s(?:per|a)\s(?:basic\s|diluted\s|common\s|ordinary\s)?share\b)?` +
    // After a "%" a hyphenated word is a compound ("5%-or-greater holders"), not a code.
    String.raw`(?:(?<=%)(?![\p{N}])|(?![\p{L}\p{N}_]|[.,]\d|-\p{L}|/\d))`,
  'giu',
)

const MONTHS = /(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s$/i
/** Words after which a bare number is a label, not a quantity ("Note 3", "Item 7", "Rule 144"). */
const LABEL_BEFORE =
  /\b(?:note|notes|item|items|rule|section|article|form|part|chapter|exhibit|schedule|page|pages|p\.|pp\.|class|series|level|tier|phase|step|no\.|number)\s$/i
const ORDINAL_AFTER = /^(?:st|nd|rd|th)\b/i
/** What follows a figure an ellipsis cut: "…", ",…", " mi…", "..." (the quote elides the rest). */
const TRUNCATED_AFTER = /^(?:[,.]|\s?\p{L}+)?(?:…|\.\.\.)/u

/** Decimal places printed in a numeric string ("166.9" → 1, "3,711" → 0). */
const decimals = (num: string) => {
  const dot = num.indexOf('.')
  return dot < 0 ? 0 : num.length - dot - 1
}

function build(m: RegExpMatchArray, text: string): Figure {
  const g = m.groups ?? {}
  const num = g.num as string
  const negative = Boolean(g.neg) || Boolean((g.open || g.open2) && g.close)
  const scaleWord = (g.scale ?? g.abbr ?? '').toLowerCase()
  const scale = SCALE_WORDS[scaleWord] ?? 1
  const magnitude = Number(num.replace(/,/g, ''))
  const number = negative ? -magnitude : magnitude
  const kind: FigureKind = g.pct ? 'percent' : g.share ? 'per-share' : g.cur ? 'money' : 'number'
  const index = m.index ?? 0
  // A bare integer (no $, %, separators, decimals, scale or sign) may be a year, a date or a label.
  const bare = kind === 'number' && !scaleWord && !negative && /^\d+$/.test(num)
  const before = text.slice(Math.max(0, index - 16), index)
  const after = text.slice(index + m[0].length, index + m[0].length + 3)
  // A year stays a year in parentheses: "$777 million (2009)" is no negative 2,009.
  const year = num.length === 4 && magnitude >= 1900 && magnitude <= 2099
  const yearInParens = year && kind === 'number' && !scaleWord && !g.neg && Boolean(g.open || g.open2)
  // A figure an ellipsis cuts ("$19.1 mi…", "$ 15,…", "…927") is not what the text states.
  const cutAfter =
    !g.pct &&
    !scaleWord &&
    !g.share &&
    TRUNCATED_AFTER.test(text.slice(index + m[0].length, index + m[0].length + 12))
  const cutBefore = /(?:…|\.\.\.)$/.test(text.slice(Math.max(0, index - 3), index)) && /^\d/.test(m[0])
  const label =
    cutAfter ||
    cutBefore ||
    yearInParens ||
    (bare && (year || MONTHS.test(before) || LABEL_BEFORE.test(before) || ORDINAL_AFTER.test(after)))
  // Unbalanced parentheses belong to the sentence, not the figure: "(88%; p.50)" keeps "88%".
  let printed = m[0]
  let start = index
  const opened = Boolean(g.open || g.open2)
  if (opened && !g.close) {
    const cut = printed.indexOf('(') + 1
    printed = printed.slice(cut)
    start += cut
  } else if (!opened && g.close) printed = printed.replace(/\s?\)/, '')
  const lead = printed.length - printed.trimStart().length
  return {
    text: printed.trim(),
    index: start + lead,
    kind,
    number,
    scale,
    value: number * scale,
    tolerance: 0.5 * 10 ** -decimals(num) * scale,
    scaled: scale !== 1,
    label,
  }
}

export interface ParseOptions {
  /** Keep years, dates and labels too (a page being searched for a quoted number). Default false. */
  labels?: boolean
}

/** What joins the two ends of a range or a pair sharing one unit: "$10 to $12 million", "5–10%". */
const RANGE_JOIN = /^\s*(?:[-\u2013\u2014]|to|through|and|or)\s*$/i

/**
 * The first end of a range takes the unit printed after the second: "$10 to $12 million" is $10
 * million, "5–10%" is 5%, "$14.00–$16.00 per share" is $14.00 per share. Only a bare first end
 * (no scale word, percent or per share of its own) is changed.
 */
function shareRangeUnits(figures: Figure[], text: string): Figure[] {
  return figures.map((a, i) => {
    const b = figures[i + 1]
    if (!b || a.label || a.scaled || a.kind === 'percent' || a.kind === 'per-share') return a
    if (!RANGE_JOIN.test(text.slice(a.index + a.text.length, b.index))) return a
    const kind = b.kind === 'percent' || b.kind === 'per-share' ? b.kind : a.kind
    const scale = b.scaled && (a.kind === 'money') === (b.kind === 'money') ? b.scale : 1
    if (kind === a.kind && scale === 1) return a
    return { ...a, kind, scale, value: a.number * scale, tolerance: a.tolerance * scale, scaled: scale !== 1 }
  })
}

/** Every figure in a text, in order; years, dates and labels are left out unless asked for. */
export function parseFigures(text: string, opts: ParseOptions = {}): Figure[] {
  const all = shareRangeUnits(
    [...text.matchAll(FIGURE_RE)].map((m) => build(m, text)),
    text,
  )
  return opts.labels ? all : all.filter((f) => !f.label)
}

/**
 * A whole string read as one figure: a table cell ("$ 3,711", "(27,474)", "12.5 %", "0.84"),
 * with footnote markers ("1,200(1)", "1,200*") ignored. Null for text, dashes and blanks.
 */
export function parseFigure(text: string): Figure | null {
  const clean = text
    .normalize('NFKC')
    .replace(/(?<=\d|\))\s?(?:\(\d\)|\*+|†|‡|§)$/u, '')
    .trim()
  if (!clean) return null
  const m = new RegExp(FIGURE_RE.source, 'iu').exec(clean)
  if (m?.index !== 0 || m[0].trim().length !== clean.length) return null
  return { ...build(m, clean), text: clean, index: 0, label: false }
}

/** A printed empty cell: em/en dash, hyphen, "—%", "$ —", "n/a", "NM". */
export function isEmptyCell(text: string): boolean {
  return /^\s*\$?\s*(?:[-\u2013\u2014\u2012]+|n\/?a|nm|\*)\s*%?\s*$/i.test(text)
}

/** A table's declared units: the scale its plain amounts are in, and what is exempt from it. */
export interface Units {
  /** 1, 1e3, 1e6, 1e9. */
  scale: number
  /** "thousands" | "millions" | "billions" | null (as printed). */
  label: string | null
  /** "except per share" / "except share and per share": per-share amounts and share counts are not scaled. */
  exceptPerShare: boolean
  exceptShares: boolean
}

const UNITS_RE =
  /\b(?:in|amounts in|dollars in|\$ in|expressed in|in u\.s\.)\s*(?:\$\s*|dollars\s*|u\.s\.\s*dollars\s*)?(thousands|millions|billions)\b([^)\n]{0,80})/i
const UNIT_SCALES: Record<string, number> = { thousands: 1e3, millions: 1e6, billions: 1e9 }

/** Units declared in a caption or header ("(In thousands, except share and per share amounts)"). */
export function parseUnits(text: string): Units | null {
  const m = UNITS_RE.exec(text.normalize('NFKC'))
  if (!m) {
    if (/\(\s*(?:\$\s*)?000'?s\s*\)/i.test(text)) return { ...NO_UNITS, scale: 1e3, label: 'thousands' }
    return null
  }
  const label = (m[1] as string).toLowerCase()
  const rest = (m[2] ?? '').toLowerCase()
  const except = rest.includes('except')
  return {
    scale: UNIT_SCALES[label] ?? 1,
    label,
    exceptPerShare: except && /per[- ]share|per unit/.test(rest),
    // "except per share data" exempts per-share amounts only: its share counts are in thousands
    // (Pandora S-1 p.9 prints 4,671 shares, in thousands, under it); "except share and per share
    // amounts" and "except for number of shares" exempt counts too.
    exceptShares: except && /(?<!\bper[- ])\bshares?\b/.test(rest),
  }
}

export const NO_UNITS: Units = { scale: 1, label: null, exceptPerShare: false, exceptShares: false }

/**
 * Row labels stating an amount per share: a table's units never apply to them (a per-share amount is
 * in currency units whatever the caption says: "Net loss per share $(3.80)" under a bare "(in
 * thousands)", Pandora S-1 p.48 and p.F-31). A label's "par value per share" describes the stock,
 * not the row ("Common stock, $0.0001 par value per share; … shares authorized" is an amount in the
 * table's units, CAMP4 424B4 p.F-3).
 */
const PER_SHARE_ROW = /\bper (?:basic |diluted |common |ordinary )?share\b|\bearnings per\b|\beps\b/i
const PAR_VALUE = /\bpar value per (?:common )?share\b/gi
/** A row named "Basic" / "Diluted" (under a "Net loss per share:" heading, or under a share count's). */
const BASIC_DILUTED_ROW = /^(?:basic|diluted)(?: and diluted)?(?:\s*\([^)]*\))?$|\b(?:basic|diluted)$/i
const SHARE_COUNT_ROW = /\bshares\b|\bweighted[- ]average\b/i

/**
 * Whether a row's figure is an amount per share: its label says so, or it is a "Basic" / "Diluted"
 * row printing cents. A whole number in a row counting shares is a count even when the label names
 * its purpose ("Weighted-average shares used to compute basic net loss per share", Twitter 10-K
 * p.89: in thousands under "except per share data").
 */
function perShareRow(figure: Figure, rowLabel: string): boolean {
  const label = rowLabel.replace(PAR_VALUE, ' ').trim()
  const cents = figure.tolerance < 0.5 * figure.scale
  if (SHARE_COUNT_ROW.test(label) && !cents) return false
  if (PER_SHARE_ROW.test(label)) return true
  return BASIC_DILUTED_ROW.test(label) && cents
}

/**
 * Rows that state a rate, a ratio or a duration, never an amount: lease notes print them in tables
 * "in thousands except for lease terms and borrowing rates" (CAMP4 424B4 p.F-19). Matched at the end
 * of the label, so "Interest rate swap" and "Term loan" stay amounts.
 */
const UNITLESS_ROW = /\b(?:rate|ratio|term)s?$|\((?:in )?(?:years|months|%)\)$|\b(?:in years|in months)$/i

/**
 * Whether a row's figures count something other than money whatever its column prints above it:
 * shares ("Weighted-average shares used in computing per share amounts", unless the label names an
 * amount or value) or a rate, ratio or term.
 */
export function countRow(rowLabel: string): boolean {
  const label = rowLabel.replace(PAR_VALUE, ' ').trim()
  return (SHARE_COUNT_ROW.test(label) && !/\$|amount|value/i.test(label)) || UNITLESS_ROW.test(label)
}

/**
 * A figure read from a cell, in its table's units. Percentages, per-share amounts (whether or not
 * the caption says "except per share"), figures that print their own scale word and rows the
 * caption exempts ("except share …" share counts) keep their printed value.
 */
export function scaleByUnits(figure: Figure, units: Units | null, rowLabel = ''): Figure {
  if (!units || units.scale === 1 || figure.scaled) return figure
  if (figure.kind === 'percent' || figure.kind === 'per-share') return figure
  if (perShareRow(figure, rowLabel)) return figure
  if (UNITLESS_ROW.test(rowLabel.trim())) return figure
  if (units.exceptShares && SHARE_COUNT_ROW.test(rowLabel) && !/\$|amount|value/i.test(rowLabel))
    return figure
  const scale = figure.scale * units.scale
  return { ...figure, scale, value: figure.number * scale, tolerance: figure.tolerance * units.scale }
}

/** Binary floating point slack ("166.9" × 1e6 is not exactly 166,900,000). */
const slack = (x: number, y: number) => 1e-9 * Math.max(Math.abs(x), Math.abs(y), 1)

/** Whether `value` rounds to `printed` at the printed precision: [printed − tol, printed + tol). */
const roundsTo = (value: number, printed: number, tol: number) => {
  const eps = slack(value, printed)
  return value >= printed - tol - eps && value < printed + tol - eps
}

/**
 * Whether two figures are the same number after rounding: the less precise one decides how much
 * rounding is allowed (half a unit of its last printed digit, "$7 million" is [6.5, 7.5) million;
 * no percentage of slack beyond that). Symmetric: for comparing two statements of a figure (a gold
 * answer and a reply). Signs are ignored (prose says "a loss of $27.5 million" of a cell
 * "(27,474)"); a percentage only equals a percentage.
 */
export function figureEquals(a: Figure, b: Figure): boolean {
  if ((a.kind === 'percent') !== (b.kind === 'percent')) return false
  const x = Math.abs(a.value)
  const y = Math.abs(b.value)
  if (Math.abs(x - y) <= slack(x, y)) return true
  const [coarse, fine] = a.tolerance >= b.tolerance ? [x, y] : [y, x]
  return roundsTo(fine, coarse, Math.max(a.tolerance, b.tolerance))
}

/**
 * Whether a printed figure states a quoted one: the printed value, rounded to the quote's printed
 * precision, is the quote ("$166.9 million" of a cell 166,919 in thousands; "$7 million" of a cell
 * within [6.5, 7.5) million). A quote more precise than the print is never stated by it
 * ("$7.7 million" is not the cell "8" of a table in millions), unless the values are equal
 * ("$7.0 million" of "$7 million"). Signs are ignored as in `figureEquals`; a percentage only
 * equals a percentage, except that a number printed with exactly the quote's digits states it (an
 * ownership table prints "%" in its header only: "56.9" under "% of Total Voting Power").
 */
export function figureStates(printed: Figure, quote: Figure): boolean {
  const x = Math.abs(printed.value)
  const q = Math.abs(quote.value)
  const equal = Math.abs(x - q) <= slack(x, q)
  if ((printed.kind === 'percent') !== (quote.kind === 'percent')) {
    const bare = quote.kind === 'percent' ? printed : quote
    return bare.kind === 'number' && !bare.scaled && equal && printed.tolerance === quote.tolerance
  }
  if (equal) return true
  if (printed.tolerance > quote.tolerance + slack(printed.tolerance, quote.tolerance)) return false
  return roundsTo(x, q, quote.tolerance)
}

/** Every unit a page declares ("(in millions)", "(Dollars in thousands)", "($000s)"). */
export function pageUnits(pageText: string): Units[] {
  const units: Units[] = []
  for (const m of pageText.matchAll(new RegExp(UNITS_RE.source, 'gi'))) {
    const u = parseUnits(m[0])
    if (u && !units.some((v) => v.scale === u.scale)) units.push(u)
  }
  if (/\(\s*(?:\$\s*)?000'?s\s*\)/i.test(pageText) && !units.some((u) => u.scale === 1e3))
    units.push({ ...NO_UNITS, scale: 1e3, label: 'thousands' })
  return units
}

/**
 * A bare number that counts something other than money: followed by a word that is not a scale
 * word, on its line or wrapped to the next in lower case ("40 hours", "12 persons", "5,850 shares";
 * a capitalised next line is a table's next row label). A quoted amount of money is never such a
 * count ("$40 a year" is not "40 hours of free music").
 */
const COUNTED_AFTER =
  /^(?:[ \t]+|[ \t]*\n[ \t]*(?=\p{Ll}))(?!(?:thousand|million|billion|trillion)s?\b)\p{L}/u
const isCount = (f: Figure, text: string) =>
  f.kind === 'number' && COUNTED_AFTER.test(text.slice(f.index + f.text.length, f.index + f.text.length + 24))

/**
 * Whether a quoted figure is stated on a page: as one of `cells` (the table cells read on that
 * page, already in their own table's units), or as a number printed in the page's text — as
 * printed, or in a unit the page declares (a page printing "$3,711" under "(in millions)" states
 * $3,711 million) when the page has no table read or declares one unit only. Cells are preferred
 * because they know which units are theirs: a page may print one table in thousands and another in
 * billions; the text is still read because a table reader may miss a row. On a page that
 * declares units, a bare number read as printed supports a quote with a scale word only exactly:
 * "$40.6 thousand" is not the cell 40,616 of a table in thousands. Always by `figureStates`: the
 * quote's rounding, never more.
 */
export function figureOnPage(quote: Figure, pageText: string, cells: readonly Figure[] = []): boolean {
  return printedAs(quote, pageText, cells, true).length > 0
}

/**
 * The printed figures of a page that state a quoted one, by the rules of `figureOnPage` (cells
 * first, then the page's text): "3,711" for "$3.7 billion" on a page "(in millions)". The reader's
 * view marks these, so it highlights what the check found without matching anything itself.
 * `first`: stop at the first (a yes/no question).
 */
export function printedAs(
  quote: Figure,
  pageText: string,
  cells: readonly Figure[] = [],
  first = false,
): Figure[] {
  const out = cells.filter((c) => figureStates(c, quote))
  if (first && out.length > 0) return out.slice(0, 1)
  const units = pageUnits(pageText)
  const money = isMoney(quote)
  for (const f of parseFigures(pageText, { labels: true })) {
    if (money && isCount(f, pageText)) continue
    const inUnits = units.map((u) => scaleByUnits(f, u)).filter((s) => s !== f)
    const literalOnly = quote.scaled && inUnits.length > 0
    if (
      ((cells.length === 0 || units.length === 1) && inUnits.some((s) => figureStates(s, quote))) ||
      (literalOnly ? Math.abs(quote.value) === Math.abs(f.value) : figureStates(f, quote))
    ) {
      out.push(f)
      if (first) return out
    }
  }
  return out
}

/** How a quoted figure was computed from figures printed on the page: "$6,331 million − $2,990 million". */
export interface Derivation {
  op: 'sum' | 'difference' | 'change' | 'share'
  /** The printed figures it is computed from, as quoted. */
  from: Figure[]
  /** "$6,331 million − $2,990 million". */
  text: string
}

/** The sum (or difference) of printed figures as a figure precise to their combined rounding. */
const combined = (parts: readonly Figure[], value: number, kind: FigureKind): Figure => ({
  text: '',
  index: 0,
  kind,
  number: value,
  scale: 1,
  value,
  tolerance: parts.reduce((t, p) => t + p.tolerance, 0),
  scaled: false,
  label: false,
})

/**
 * Whether a quoted figure that no page prints is computed from figures the same answer quotes
 * beside it and the page prints (`printed`): the difference or sum of two of them, a percentage
 * change or share between two amounts, or the sum of all of them, to the quote's rounding ("about
 * $3.3 billion more" beside "$2,990 million" and "$6,331 million"). Only the answer's own figures are tried, never arbitrary cells of the page:
 * a page has so many cells that some pair adds up to almost anything.
 */
export function derivedFrom(quote: Figure, printed: readonly Figure[]): Derivation | null {
  const parts = printed.filter((p) => p !== quote && (p.kind === 'percent') === (quote.kind === 'percent'))
  const kind = quote.kind
  const size = (f: Figure) => Math.abs(f.value)
  for (let i = 0; i < parts.length; i++)
    for (let j = i + 1; j < parts.length; j++) {
      const [a, b] = [parts[i], parts[j]] as [Figure, Figure]
      const [big, small] = size(a) >= size(b) ? [a, b] : [b, a]
      const diff = combined([a, b], size(big) - size(small), kind)
      if (figureStates(diff, quote))
        return { op: 'difference', from: [big, small], text: `${big.text} − ${small.text}` }
      const sum = combined([a, b], size(a) + size(b), kind)
      if (figureStates(sum, quote)) return { op: 'sum', from: [a, b], text: `${a.text} + ${b.text}` }
    }
  if (quote.kind === 'percent') {
    const ratio = ratioOf(quote, printed)
    if (ratio) return ratio
  }
  if (parts.length > 2) {
    const total = combined(
      parts,
      parts.reduce((t, p) => t + size(p), 0),
      kind,
    )
    if (figureStates(total, quote))
      return { op: 'sum', from: [...parts], text: parts.map((p) => p.text).join(' + ') }
  }
  return null
}

/**
 * A percentage computed from two amounts the answer quotes: the change from one to the other
 * ("grew 88% from $1,974 million to $3,711 million") or the share of one in the other ("12% of
 * revenue"). The ratio carries its operands' rounding, so only precise enough operands can
 * support a precise percentage.
 */
function ratioOf(quote: Figure, printed: readonly Figure[]): Derivation | null {
  const amounts = printed.filter((p) => p.kind !== 'percent' && p.value !== 0)
  const pct = (value: number, a: Figure, b: Figure): Figure => {
    const relative = a.tolerance / Math.abs(a.value) + b.tolerance / Math.abs(b.value)
    return { ...combined([], value, 'percent'), tolerance: Math.abs(value) * relative + 1e-9 }
  }
  for (const a of amounts)
    for (const b of amounts) {
      if (a === b) continue
      const [x, y] = [Math.abs(a.value), Math.abs(b.value)]
      // From a to b, relative to a: a change.
      if (figureStates(pct(((y - x) / x) * 100, a, b), quote))
        return { op: 'change', from: [a, b], text: `(${b.text} − ${a.text}) / ${a.text}` }
      // a as a share of b (the larger).
      if (x < y && figureStates(pct((x / y) * 100, a, b), quote))
        return { op: 'share', from: [a, b], text: `${a.text} / ${b.text}` }
    }
  return null
}

/*
 * Figures as two other readers meet them in plain text, kept here so what a figure looks like has
 * one home: the keyword tokenizer's money and percent tokens (retrieval/terms.ts, which keeps
 * "$1.2 billion" whole as one search term) and the figure cells of a table row that PDF text put on
 * one line (sentences.ts, which keeps such a row as one quotable unit).
 */

/** A money token: "$1.2 billion", "$ 3,711" (regex source for the keyword tokenizer). */
export const MONEY_TOKEN_SOURCE = `\\$\\s?(?:${NUMBER_SOURCE})(?:\\s+(?:${SCALE_WORD_SOURCE})\\b)?`
/** A percent token: "12.5%", "50 percent" (regex source for the keyword tokenizer). */
export const PERCENT_TOKEN_SOURCE = `(?:${NUMBER_SOURCE})\\s?(?:%|percent\\b)`

/** A money token's number and scale word as printed: "$1.2 billion" is "1.2" and "billion". */
export function moneyTokenParts(raw: string): { number: string; scale: string | null } {
  const m = /^\$\s?([\d.,]+)(?:\s+(\w+))?$/.exec(raw)
  return { number: m?.[1] ?? '', scale: m?.[2] ? m[2].toLowerCase() : null }
}

/** A percent token's number as printed: "12.5%" and "12.5 percent" are "12.5". */
export const percentTokenNumber = (raw: string): string => raw.replace(/\s?(%|percent)$/i, '')

/** Two or more figure cells ending a line: "Revenue $ 777 $1,974 $3,711", "(10) (22)", "— —". */
const ROW_CELLS_RE = /(?:\s(?:\$\s?)?\(?-?\d[\d,]*(?:\.\d+)?\)?%?|\s[—–-](?=\s|$)){2,}\s*$/

/** Whether a line ends in two or more figure cells, as a flattened table row does. */
export const endsInFigureCells = (line: string): boolean => ROW_CELLS_RE.test(line)

/** A run of figure cells after a row's dot leader: "$ 594,546 $ 269,421 (97)% —". */
const CELL_RUN_RE = /(?:\s*(?:\$\s*)?\(?-?\d[\d,]*(?:\.\d+)?\s?\)?%?(?![\p{L}\d])|\s*[—–](?=\s|$))+/uy

/** Where the run of figure cells starting at `from` ends, or null when none starts there. */
export function figureCellsEnd(text: string, from: number): number | null {
  CELL_RUN_RE.lastIndex = from
  return CELL_RUN_RE.exec(text) ? CELL_RUN_RE.lastIndex : null
}

/** A figure written the way a reader expects: "$166,919 thousand", "12.5%", "-$27,474". */
export function formatFigure(figure: Figure): string {
  const abs = Math.abs(figure.number)
  const digits = decimals(/[\d,.]+/.exec(figure.text.replace(/^\D+/, ''))?.[0] ?? '')
  const body = abs.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
  const sign = figure.number < 0 ? '-' : ''
  if (figure.kind === 'percent') return `${sign}${body}%`
  const cur = isMoney(figure) ? '$' : ''
  const word = Object.entries(SCALE_NAMES).find(([, v]) => v === figure.scale)?.[0]
  const unit = figure.scale !== 1 && word ? ` ${word}` : ''
  return `${sign}${cur}${body}${unit}${figure.kind === 'per-share' ? ' per share' : ''}`
}

const SCALE_NAMES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 }
