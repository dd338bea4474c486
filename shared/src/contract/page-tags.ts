/**
 * Inline page tags in chunk text: `[p.154]` at each printed page start. Pure and browser-safe;
 * re-exported by `./citations`, where the rest of the citation grammar lives.
 */
import { PAGE_LABEL_PATTERN } from './page-label'

const LABEL = PAGE_LABEL_PATTERN

/** An inline tag in chunk text; group 1 is the label. */
export const PAGE_TAG_RE = new RegExp(String.raw`\[p\.(${LABEL})\]`, 'g')

export const pageTag = (label: string): string => `[p.${label}]`

/** Chunk text without its page tags (what gets embedded and shown as plain text). */
export function stripPageTags(text: string): string {
  return text
    .replace(PAGE_TAG_RE, ' ')
    .replace(/[ \t]{2,}/g, ' ')
    .trim()
}

/** Labels of the inline tags in a text, in order of appearance. */
export function pageTagsIn(text: string): string[] {
  return [...text.matchAll(PAGE_TAG_RE)].map((m) => m[1] as string)
}
