import hljs from 'highlight.js/lib/core';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import python from 'highlight.js/lib/languages/python';
import bash from 'highlight.js/lib/languages/bash';
// a11y-light: a light theme whose token colours all pass WCAG AA on its background.
import 'highlight.js/styles/a11y-light.css';
import type { CodeLanguage } from '@learn/shared';

/*
 * Loaded only through dynamic import (see code-block.tsx), so highlight.js and its theme stay out of the
 * main bundle. Only the four course languages are registered.
 */
hljs.registerLanguage('c', c);
hljs.registerLanguage('cpp', cpp);
hljs.registerLanguage('python', python);
hljs.registerLanguage('bash', bash);

/** Highlighted HTML for `code`. highlight.js escapes the source, so the result is safe to inject. */
export function highlight(code: string, language: CodeLanguage): string {
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
