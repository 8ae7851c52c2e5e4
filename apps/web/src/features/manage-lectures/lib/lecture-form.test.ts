import { describe, expect, it } from 'vitest';
import { parseForm, serverFieldErrors, splitLines, toForm, type LectureForm } from './lecture-form';

const valid: LectureForm = toForm({
  title: 'Loops',
  description: 'Repeat things.',
  keyConcepts: ['for', 'while'],
  detailedContent: [{ type: 'paragraph', text: 'Loops repeat.' }],
  codeContent: [],
  quickQuiz: [{ question: 'Which loop?', options: ['a', 'b', 'c', 'd'], correctAnswer: 1 }],
});

describe('lecture form', () => {
  it('drops blank lines of key concepts and trims them', () => {
    expect(splitLines('  one \n\n   \r\ntwo\n')).toEqual(['one', 'two']);
  });

  it('round-trips a lecture', () => {
    const r = parseForm({ ...valid, keyConcepts: 'for\n\nwhile\n' });
    expect(r).toEqual({
      ok: true,
      value: {
        title: 'Loops',
        description: 'Repeat things.',
        keyConcepts: ['for', 'while'],
        detailedContent: [{ type: 'paragraph', text: 'Loops repeat.' }],
        codeContent: [],
        quickQuiz: [{ question: 'Which loop?', options: ['a', 'b', 'c', 'd'], correctAnswer: 1 }],
      },
    });
  });

  it('names every JSON field that does not parse, and nothing else', () => {
    const r = parseForm({ ...valid, title: '', codeContent: '[{', quickQuiz: 'nope' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.invalidJson).toBe(true);
    expect(Object.keys(r.fieldErrors).sort()).toEqual(['codeContent', 'quickQuiz']);
  });

  it('checks parsed JSON against the shared schema, pointing inside the field', () => {
    const r = parseForm({ ...valid, quickQuiz: JSON.stringify([{ question: 'Q', options: ['a', 'b'], correctAnswer: 0 }]) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.invalidJson).toBe(false);
    expect(r.fieldErrors.quickQuiz).toBe('item 1 › options: a quiz question has exactly 4 options');
  });

  it('maps server field paths onto the form', () => {
    expect(serverFieldErrors({ 'detailedContent.2.text': 'must not be empty', title: 'Title is required', other: 'x' })).toEqual({
      detailedContent: 'item 3 › text: must not be empty',
      title: 'Title is required',
    });
  });
});
