/**
 * LLM mode: one streamed Messages API call through @anthropic-ai/sdk. The SDK owns retries
 * (429/529/connection, with backoff) and the per-attempt timeout; `signal` aborts the upstream
 * stream when the client disconnects, the server shuts down past its grace period, or the
 * answer's overall deadline passes.
 */
import type Anthropic from '@anthropic-ai/sdk'
import type { Turn } from './prompt'

export interface LlmRequest {
  model: string
  maxTokens: number
  system: string
  history: Turn[]
  user: string
  signal: AbortSignal
  /**
   * Token counts once the stream is over, however it ended (spend is charged from them), and whether
   * the model had finished its answer (stop reason received) by then.
   */
  onUsage?: (usage: LlmUsage) => void
}

export interface LlmUsage {
  inputTokens: number
  outputTokens: number
  /** The model finished the answer: every token was produced, whatever happened after. */
  finished: boolean
}

/** Text deltas of the answer, in order. Throws the SDK's errors (mapped by `upstreamError`). */
export async function* streamAnswer(client: Anthropic, req: LlmRequest): AsyncGenerator<string> {
  const stream = client.messages.stream(
    {
      model: req.model,
      max_tokens: req.maxTokens,
      system: req.system,
      messages: [...req.history, { role: 'user', content: req.user }],
    },
    { signal: req.signal },
  )
  let inputTokens = 0
  let outputTokens = 0
  let finished = false
  try {
    for await (const event of stream) {
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta' && event.delta.text)
        yield event.delta.text
      else if (event.type === 'message_start') {
        inputTokens = event.message.usage.input_tokens
        outputTokens = event.message.usage.output_tokens
      } else if (event.type === 'message_delta') {
        outputTokens = event.usage.output_tokens
        if (event.delta.stop_reason) finished = true
      } else if (event.type === 'message_stop') finished = true
    }
  } finally {
    // Reached early when the consumer stops (client gone): do not leave the upstream stream open.
    if (!stream.ended) stream.abort()
    req.onUsage?.({ inputTokens, outputTokens, finished })
  }
}
