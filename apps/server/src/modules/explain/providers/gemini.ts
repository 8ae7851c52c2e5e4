import { GoogleGenAI } from '@google/genai';
import type { ExplainProvider } from './provider.js';

/** Gemini through the official client; `baseUrl` points it at a local fake in tests. */
export function geminiProvider(opts: { name: string; apiKey: string; model: string; baseUrl: string | undefined }): ExplainProvider {
  const ai = new GoogleGenAI({ apiKey: opts.apiKey, ...(opts.baseUrl ? { httpOptions: { baseUrl: opts.baseUrl } } : {}) });
  return {
    name: opts.name,
    async *stream(prompt, signal) {
      const chunks = await ai.models.generateContentStream({ model: opts.model, contents: prompt, config: { abortSignal: signal } });
      for await (const chunk of chunks) {
        const text = chunk.text;
        if (text) yield text;
      }
    },
  };
}
