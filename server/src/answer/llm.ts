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
  /** Token counts of the finished answer (for the log: cost per answer is a design target). */
  onUsage?: (usage: { inputTokens: number; outputTokens: number }) => void
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
  try {
    for await (const event of stream) {
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta' && event.delta.text)
        yield event.delta.text
      else if (event.type === 'message_start') inputTokens = event.message.usage.input_tokens
      else if (event.type === 'message_delta') outputTokens = event.usage.output_tokens
    }
    req.onUsage?.({ inputTokens, outputTokens })
  } finally {
    // Reached early when the consumer stops (client gone): do not leave the upstream stream open.
    if (!stream.ended) stream.abort()
  }
}
