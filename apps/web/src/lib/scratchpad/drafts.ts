import type { RunLanguage } from '@learn/shared';

/** What an empty scratchpad starts with, per language. */
export const starters: Record<RunLanguage, string> = {
  c: '#include <stdio.h>\n\nint main(void) {\n    printf("Hello from C!\\n");\n    return 0;\n}\n',
  cpp: '#include <iostream>\n\nint main() {\n    std::cout << "Hello from C++!" << std::endl;\n    return 0;\n}\n',
  python: 'print("Hello from Python!")\n',
};

/** The draft is the browser's: kept per user and language, so two people on one computer keep their own. */
export const draftKey = (userId: string, language: RunLanguage) => `learn.scratchpad.${userId}.${language}`;

export function loadDraft(userId: string, language: RunLanguage): string {
  try {
    return localStorage.getItem(draftKey(userId, language)) ?? starters[language];
  } catch {
    return starters[language];
  }
}

export function saveDraft(userId: string, language: RunLanguage, code: string): void {
  try {
    localStorage.setItem(draftKey(userId, language), code);
  } catch {
    /* storage full or blocked: the code stays in the editor for this visit */
  }
}
