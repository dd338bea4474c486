/**
 * An answer as Markdown for the clipboard ("Copy answer"): the question, the answer with its page
 * citations as written, each cited page with how its check went, and the filing on EDGAR.
 */
import type { AskReply, FilingInfo } from '@asks1/shared/contract/api'
import { citationStatus, citationsFor } from './citation-status'

const CHECK_WORDS = {
  verified: ' (checked)',
  computed: ' (a figure computed from figures printed there)',
  unverified: ' (not verified)',
  missing: ' (not in the filing)',
  pending: '',
} as const

export function answerMarkdown(
  question: string,
  reply: AskReply,
  filing: Pick<FilingInfo, 'company' | 'form' | 'filed' | 'edgarUrl'>,
): string {
  const pages = [...new Set(reply.citations.map((c) => c.page))]
  const lines = [`**Question:** ${question.trim()}`, '', reply.answer.trim(), '']
  if (reply.mode === 'extractive')
    lines.push('_Excerpts quoted from the filing (not written by an AI model)._', '')
  if (pages.length > 0)
    lines.push(
      `**Pages cited** (the filing's printed page numbers): ${pages
        .map((p) => `p.${p}${CHECK_WORDS[citationStatus(citationsFor(reply.citations, p))]}`)
        .join(', ')}`,
    )
  lines.push(
    `**Source:** [${filing.company}, ${filing.form} filed ${filing.filed}, on EDGAR](${filing.edgarUrl})`,
  )
  return `${lines.join('\n')}\n`
}

/** Writes text to the clipboard; false when the browser refuses (then the reader can select it). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // No Clipboard API (plain http on another host, an old browser): the selection fallback.
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    const ok = document.execCommand?.('copy') ?? false
    area.remove()
    return ok
  }
}
