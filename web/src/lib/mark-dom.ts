/**
 * Marks matches in rendered markup (the HTML page view): every match of a highlight regex in the text
 * under `root` is wrapped in <mark>, piece by piece when it runs across elements (a figure and its
 * dollar sign in two table cells). Only for markup React does not manage (set once as inner HTML).
 */
import { highlightRanges } from './highlight'

export function markText(root: HTMLElement, re: RegExp): number {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  const nodes: Text[] = []
  const starts: number[] = []
  let text = ''
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    starts.push(text.length)
    nodes.push(n as Text)
    text += (n as Text).data
  }
  const ranges = highlightRanges(text, re)
  // Last match first, last piece first: wrapping splits a text node after the offsets still to come.
  for (const [from, to] of [...ranges].reverse()) {
    for (let i = nodes.length - 1; i >= 0; i--) {
      const node = nodes[i] as Text
      const start = starts[i] as number
      const a = Math.max(from, start) - start
      const b = Math.min(to, start + node.data.length) - start
      if (b <= a || !node.data.slice(a, b).trim()) continue
      const range = root.ownerDocument.createRange()
      range.setStart(node, a)
      range.setEnd(node, b)
      range.surroundContents(root.ownerDocument.createElement('mark'))
    }
  }
  return ranges.length
}
