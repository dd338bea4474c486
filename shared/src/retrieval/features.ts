/**
 * The switches of retrieval's components, so each can be measured alone and together
 * (`RETRIEVAL_OFF=heading,form,rerank pnpm eval:retrieval`). All on by default but `pathb`,
 * `acronyms` and `chunksections` (`RETRIEVAL_ON=pathb`): a part not yet good enough to ship is off in ALL_FEATURES and turned on
 * with RETRIEVAL_ON (table rows were, until they cost the answers nothing: docs/tables.md, "Rows in
 * the default ranking").
 */
export interface RetrievalFeatures {
  /** Section-path terms weigh more (BM25F-style field weight). */
  heading: boolean
  /**
   * The section-path field's BM25 normalises its length by FIELD_B.heading rather than FTS5's 0.75
   * (SQLite): a path's length is how many headings the chunk spans, not how wordy it is. Off by
   * default (RETRIEVAL_ON=pathb): it lifts retrieval on every group but costs the check sets'
   * extractive answers a citation (docs/retrieval.md, round 6).
   */
  pathb: boolean
  /** The standard section's description (vocabulary.ts) is searched as a field of the chunk. */
  form: boolean
  /** Body BM25 with Lucene's positive IDF rather than FTS5's (SQLite; store/sqlite/bm25.ts). */
  idf: boolean
  /** The degree frame ("how fast") and delexical verbs ("make", "go") are not search terms (query.ts). */
  frame: boolean
  /**
   * Sentences addressing the answerer ("Round to two decimal places.") give only the financial
   * labels they name (query.ts, statements.ts).
   */
  instructions: boolean
  /**
   * A question naming a primary statement, or a ratio made of its line items, gets that statement's
   * chunks into the candidate pool and lifts them in the rerank (statements.ts, financial-terms.ts).
   */
  statements: boolean
  /** Candidate pool reranked on passage evidence (the switches below, down to `pages`). */
  rerank: boolean
  proximity: boolean
  /** Proximity leaves out terms nearly every candidate holds (the company's name, the year). */
  pool: boolean
  period: boolean
  answer: boolean
  section: boolean
  /** Passages whose printed pages all show in passages above them move down (rerank.ts `newPagesFirst`). */
  pages: boolean
  /** A passage in (or printing the heading of) a standard section the question names is lifted (sections.ts). */
  named: boolean
  /** WordNet's derivationally related forms of the question's words are searched too (wordnet.ts). */
  derive: boolean
  /** WordNet's synonyms (first sense) of the question's words are searched too (wordnet.ts). */
  synonyms: boolean
  /** The form's caption for the asked kind of answer is searched too (vocabulary.ts `ANSWER_CAPTIONS`). */
  captions: boolean
  /**
   * A passage printing the form's caption for the asked kind of answer whole ("principal executive
   * offices" for a location) is lifted in the rerank (rerank.ts `captionPattern`).
   */
  captionprinted: boolean
  /** An acronym in capitals also searches the words WordNet spells it out in ("CEO", "IPO"; wordnet.ts). */
  acronyms: boolean
  /**
   * Of those, only an acronym standing for a person's title (WordNet noun.person: "CEO", "CFO") is
   * spelled out, on by default (wordnet.ts `namesPersonTitle`; docs/retrieval.md, "Everyday words
   * round").
   */
  titles: boolean
  /**
   * Table-row units lift their host chunks among the candidates, for figure questions (store
   * `rows`; rows.ts, store/fusion.ts). On by default since they cost no group's answers anything
   * (docs/tables.md, "Rows in the default ranking"); `RETRIEVAL_OFF=rows` measures without them.
   */
  rows: boolean
  /**
   * Each passage loses a little for every neighbouring passage of its section ranked above it that
   * prints every question term it prints (rerank.ts `diversify`, `repeats`: maximal marginal
   * relevance, nearness in the filing with novelty as the redundancy). On by default since round 9
   * (`RETRIEVAL_OFF=diverse`): retrieval rises or holds on every group (check recall@5 88 → 92,
   * tuning MRR 0.713 → 0.718), the tuning answers' precision 65.3 → 65.7 and check-core's 71.8 →
   * 73.0; tuning-core precision falls 73.8 → 72.5 on two questions wrong either way
   * (docs/retrieval.md, round 9, "Diversity on").
   */
  diverse: boolean
  /**
   * At ingest, not at query time (`pnpm ingest run`, `pnpm eval…` read it when they chunk): chunks
   * stop at the filing's section headings, so each chunk's path is the section it is in
   * (ingest/src/windows.ts). Off by default (RETRIEVAL_ON=chunksections): it lifts check and
   * FinanceBench recall@5 but lowers check MRR and the check sets' extractive answers
   * (docs/retrieval.md, round 9).
   */
  chunksections: boolean
  /**
   * Not retrieval's but the extractive answer's (select.ts `weakBest`): after a first quote matching
   * the question weakly (evidence below 0.45), a second or third quote comes only from the two
   * passages retrieval ranked first. On by default; `RETRIEVAL_OFF=weakfollow` measures without it
   * (docs/answers.md, "Precision round 3").
   */
  weakfollow: boolean
}

export const ALL_FEATURES: Readonly<RetrievalFeatures> = {
  heading: true,
  pathb: false,
  form: true,
  idf: true,
  frame: true,
  instructions: true,
  statements: true,
  rerank: true,
  proximity: true,
  pool: true,
  period: true,
  answer: true,
  section: true,
  pages: true,
  named: true,
  derive: true,
  synonyms: true,
  captions: true,
  captionprinted: true,
  acronyms: false,
  titles: true,
  rows: true,
  diverse: true,
  chunksections: false,
  weakfollow: true,
}

/**
 * Parses `RETRIEVAL_OFF` and `RETRIEVAL_ON` (comma-separated lists of feature names to turn off, and
 * to turn on those off by default).
 */
export function featuresOff(off: string | undefined, on?: string): RetrievalFeatures {
  const out = { ...ALL_FEATURES }
  const set = (list: string | undefined, variable: string, value: boolean) => {
    for (const name of (list ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (!(name in out))
        throw new Error(`${variable}: unknown feature "${name}" (known: ${Object.keys(out).join(', ')})`)
      out[name as keyof RetrievalFeatures] = value
    }
  }
  set(on, 'RETRIEVAL_ON', true)
  set(off, 'RETRIEVAL_OFF', false)
  return out
}

/**
 * SQLite field weights: each field is its own FTS5 table with its own length normalisation, and a
 * chunk scores BM25(body) + heading × BM25(section path) + form × BM25(form description). Set on
 * the tuning sets (0.1 / 0.02 of a short field's large per-term BM25; 2 / 0.25 let a section path
 * outrank the body and cost the check sets 8 points of recall@5).
 */
export const FIELD_WEIGHTS = { body: 1, heading: 0.1, form: 0.02 } as const

/**
 * Qdrant's field weights: term-frequency multipliers baked into one sparse vector at ingest
 * (BM25F-style, before saturation), a different scale from FIELD_WEIGHTS' score sums. Unchanged
 * since they were set on the tuning sets; Qdrant is not measured by `pnpm eval:retrieval`.
 */
export const SPARSE_FIELD_WEIGHTS = { body: 1, heading: 2, form: 0.25 } as const

/**
 * BM25 length normalisation b of the section-path field (SQLite; FTS5's bm25() fixes 0.75, the
 * store rescores each term: store/sqlite/bm25.ts). A path is one or two headings, plus those that
 * start inside the chunk (`innerSections`): at 0.75 a chunk indexed under two subsections counted
 * each heading term for less than a chunk under one. Set on the tuning sets (round 6,
 * docs/retrieval.md): 0 and 0.1 give tuning MRR 0.713, 0.2 to 0.4 0.705, 0.5 and 0.75 0.696.
 */
export const FIELD_B = { heading: 0.3 } as const
