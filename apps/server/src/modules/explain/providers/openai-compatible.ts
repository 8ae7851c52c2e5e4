import OpenAI from 'openai';
import type { ExplainProvider } from './provider.js';

/** An OpenAI-compatible chat API (a school's self-hosted model), streaming, through the official client. */
export function openAiCompatibleProvider(opts: {
  name: string;
  apiKey: string;
  model: string;
  baseUrl: string | undefined;
}): ExplainProvider {
  const client = new OpenAI({ apiKey: opts.apiKey, baseURL: opts.baseUrl, maxRetries: 0 });
  return {
    name: opts.name,
    async *stream(prompt, signal) {
      const stream = await client.chat.completions.create(
        { model: opts.model, stream: true, messages: [{ role: 'user', content: prompt }] },
        { signal },
      );
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    },
  };
}
