/**
 * The switches of retrieval's components, so each can be measured alone and together
 * (`RETRIEVAL_OFF=heading,form,rerank pnpm eval:retrieval`). Everything is on by default.
 */
export interface RetrievalFeatures {
  /** Section-path terms weigh more (BM25F-style field weight). */
  heading: boolean
  /** The standard section's description (vocabulary.ts) is searched as a field of the chunk. */
  form: boolean
  /** Candidate pool reranked on passage evidence (the four below). */
  rerank: boolean
  proximity: boolean
  period: boolean
  answer: boolean
  section: boolean
}

export const ALL_FEATURES: Readonly<RetrievalFeatures> = {
  heading: true,
  form: true,
  rerank: true,
  proximity: true,
  period: true,
  answer: true,
  section: true,
}

/** Parses `RETRIEVAL_OFF` (a comma-separated list of feature names to turn off). */
export function featuresOff(off: string | undefined): RetrievalFeatures {
  const out = { ...ALL_FEATURES }
  for (const name of (off ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(name in out))
      throw new Error(`RETRIEVAL_OFF: unknown feature "${name}" (known: ${Object.keys(out).join(', ')})`)
    out[name as keyof RetrievalFeatures] = false
  }
  return out
}

/** BM25F field weights: body 1; the section path and the form description as tuned on the tuning sets. */
export const FIELD_WEIGHTS = { body: 1, heading: 2, form: 0.25 } as const
