/** The one prompt (spec 7): a beginner explanation, line by line, then the overall purpose, in English. */
export function explainPrompt(code: string, language: string): string {
  return [
    `You are a patient programming teacher. Explain the following ${language} code snippet to a beginner.`,
    'First go through it line by line (or by small groups of lines), saying what each part does and why.',
    'Then explain the overall purpose of the code in a short paragraph.',
    'Answer in English, the language of the lesson. Use Markdown lists and `inline code`; keep it short and clear.',
    '',
    '```' + language,
    code,
    '```',
  ].join('\n');
}
