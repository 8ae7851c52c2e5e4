import { lectureEditSchema, type LectureEdit } from '@learn/shared';

/** The editor's text fields: everything as the guide types it, so a failed save never loses a character. */
export interface LectureForm {
  title: string;
  description: string;
  keyConcepts: string;
  detailedContent: string;
  codeContent: string;
  quickQuiz: string;
}

export type FormField = keyof LectureForm;
export const jsonFields = ['detailedContent', 'codeContent', 'quickQuiz'] as const satisfies readonly FormField[];
export type JsonField = (typeof jsonFields)[number];

export const fieldLabels: Record<FormField, string> = {
  title: 'Title',
  description: 'Description',
  keyConcepts: 'Key concepts',
  detailedContent: 'Detailed content (JSON)',
  codeContent: 'Code content (JSON)',
  quickQuiz: 'Quiz (JSON)',
};

export const INVALID_JSON = 'Invalid JSON format. Please check your syntax.';

export function toForm(v: LectureEdit): LectureForm {
  return {
    title: v.title,
    description: v.description,
    keyConcepts: v.keyConcepts.join('\n'),
    detailedContent: JSON.stringify(v.detailedContent, null, 2),
    codeContent: JSON.stringify(v.codeContent, null, 2),
    quickQuiz: JSON.stringify(v.quickQuiz, null, 2),
  };
}

export function sameForm(a: LectureForm, b: LectureForm): boolean {
  return (Object.keys(a) as FormField[]).every((k) => a[k] === b[k]);
}

/** Key concepts are entered one per line; blank lines are dropped (spec 5). */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

export type ParseResult =
  | { ok: true; value: LectureEdit }
  /** invalidJson: some JSON field does not parse (fieldErrors then names only those); else the schema's messages. */
  | { ok: false; invalidJson: boolean; fieldErrors: Partial<Record<FormField, string>> };

/** "detailedContent.2.text" -> "item 3 › text": a path inside a field, for a person. */
export function describePath(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' || /^\d+$/.test(String(p)) ? `item ${Number(p) + 1}` : String(p))).join(' › ');
}

/**
 * Turns the form into the PUT body. The JSON fields are parsed first: if any does not parse, nothing else
 * is checked and nothing may be sent. Then the shared schema (the server's own) checks the whole lecture.
 */
export function parseForm(form: LectureForm): ParseResult {
  const parsed: Partial<Record<JsonField, unknown>> = {};
  const fieldErrors: Partial<Record<FormField, string>> = {};
  for (const f of jsonFields) {
    try {
      parsed[f] = JSON.parse(form[f]);
    } catch (e) {
      fieldErrors[f] = e instanceof Error ? e.message : INVALID_JSON;
    }
  }
  if (Object.keys(fieldErrors).length) return { ok: false, invalidJson: true, fieldErrors };

  const result = lectureEditSchema.safeParse({
    title: form.title,
    description: form.description,
    keyConcepts: splitLines(form.keyConcepts),
    ...parsed,
  });
  if (result.success) return { ok: true, value: result.data };
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as FormField;
    if (!(field in fieldLabels) || fieldErrors[field]) continue;
    const inner = describePath(issue.path.slice(1));
    fieldErrors[field] = inner ? `${inner}: ${issue.message}` : issue.message;
  }
  return { ok: false, invalidJson: false, fieldErrors };
}

/** Server field errors (`details.fields`, keyed by path like "quickQuiz.0.options") mapped onto the form. */
export function serverFieldErrors(fields: Record<string, string>): Partial<Record<FormField, string>> {
  const out: Partial<Record<FormField, string>> = {};
  for (const [path, message] of Object.entries(fields)) {
    const [head, ...rest] = path.split('.');
    const field = head as FormField;
    if (!(field in fieldLabels) || out[field]) continue;
    out[field] = rest.length ? `${describePath(rest)}: ${message}` : message;
  }
  return out;
}
