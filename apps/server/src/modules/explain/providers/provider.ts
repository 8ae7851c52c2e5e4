/** One AI provider: streams the explanation's text pieces in order; aborting the signal stops the upstream call. */
export interface ExplainProvider {
  readonly name: string;
  stream(prompt: string, signal: AbortSignal): AsyncIterable<string>;
}
