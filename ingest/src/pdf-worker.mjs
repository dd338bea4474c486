// Plain JavaScript on purpose: this runs in a worker thread started without tsx, so pdf.js loads
// natively (under tsx its 2 MB worker module is transformed on every start, costing seconds).
import { parentPort, workerData } from 'node:worker_threads'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

const { data, part, parts, only } = workerData

async function run() {
  let doc
  try {
    doc = await getDocument({
      data,
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
    }).promise
  } catch (err) {
    parentPort.postMessage({
      type: 'error',
      name: err?.name ?? 'Error',
      message: String(err?.message ?? err),
    })
    return
  }
  try {
    const all = only ?? Array.from({ length: doc.numPages }, (_, i) => i + 1)
    const numbers = all.filter((n) => n >= 1 && n <= doc.numPages)
    parentPort.postMessage({ type: 'open', total: numbers.length })
    // Pages are dealt round-robin so both workers finish at about the same time.
    for (let k = part; k < numbers.length; k += parts) {
      const n = numbers[k]
      const page = await doc.getPage(n)
      const viewport = page.getViewport({ scale: 1 })
      const content = await page.getTextContent()
      const items = []
      for (const it of content.items) {
        if (!('str' in it) || it.str === '') continue
        const [a, b, , d, e, f] = it.transform
        items.push({ str: it.str, x: e, y: f, width: it.width, fontSize: Math.abs(d) || Math.hypot(a, b) })
      }
      page.cleanup()
      parentPort.postMessage({
        type: 'page',
        page: { number: n, width: viewport.width, height: viewport.height, items },
      })
    }
    parentPort.postMessage({ type: 'done' })
  } catch (err) {
    parentPort.postMessage({
      type: 'error',
      name: err?.name ?? 'Error',
      message: String(err?.message ?? err),
    })
  } finally {
    await doc.destroy()
  }
}

run()
