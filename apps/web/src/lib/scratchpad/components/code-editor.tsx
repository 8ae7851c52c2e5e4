import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { cpp } from '@codemirror/lang-cpp';
import { python } from '@codemirror/lang-python';
import { bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { EditorState, type Text } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import type { RunLanguage } from '@learn/shared';
import { accessibleHighlightStyle } from './highlight-style';

export interface EditorHandle {
  getCode(): string;
  /** Puts new code in the editor as one undoable change, so Ctrl+Z brings the previous draft back. */
  replace(code: string): void;
  /** Moves the cursor to a 1-based line and column and shows it. */
  goTo(line: number, column: number): void;
  focus(): void;
}

/** The document offset of a 1-based line and column, clamped into the document. */
export function positionOf(doc: Text, line: number, column: number): number {
  const l = doc.line(Math.min(Math.max(1, line), doc.lines));
  return l.from + Math.min(Math.max(0, column - 1), l.length);
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '14px', backgroundColor: '#fff' },
  '.cm-scroller': { fontFamily: 'var(--mantine-font-family-monospace)', lineHeight: '1.55' },
  '.cm-gutters': { backgroundColor: 'var(--mantine-color-gray-0)', color: 'var(--mantine-color-gray-7)', border: 'none' },
  '.cm-activeLine': { backgroundColor: '#f1f5fb' },
  '.cm-activeLineGutter': { backgroundColor: '#e3ebf6', color: 'var(--mantine-color-gray-9)' },
  '&.cm-focused': { outline: '2px solid var(--mantine-color-blue-6)', outlineOffset: '-2px' },
});

/**
 * CodeMirror 6 in a light theme, C/C++ or Python. Tab indents; Esc then Tab leaves the editor (CodeMirror's
 * escape hatch for keyboard users). Ctrl/Cmd+Enter runs.
 */
export function CodeEditor({
  ref,
  language,
  initialCode,
  onChange,
  onRun,
  onReady,
  label,
}: {
  ref: Ref<EditorHandle>;
  language: RunLanguage;
  initialCode: string;
  onChange: (code: string) => void;
  onRun: () => void;
  /** Called once the editor exists (the drawer mounts its content after the panel). */
  onReady: () => void;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const callbacks = useRef({ onChange, onRun, onReady });
  useEffect(() => {
    callbacks.current = { onChange, onRun, onReady };
  });

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initialCode,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(accessibleHighlightStyle),
          language === 'python' ? python() : cpp(),
          keymap.of([
            { key: 'Mod-Enter', run: () => (callbacks.current.onRun(), true) },
            ...defaultKeymap,
            ...historyKeymap,
            indentWithTab,
          ]),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) callbacks.current.onChange(u.state.doc.toString());
          }),
          theme,
        ],
      }),
    });
    view.current = editor;
    callbacks.current.onReady();
    return () => {
      editor.destroy();
      view.current = undefined;
    };
    // One editor per language: the panel remounts it with that language's draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  useImperativeHandle(ref, () => ({
    getCode: () => view.current?.state.doc.toString() ?? '',
    replace(code) {
      const v = view.current;
      if (!v || v.state.doc.toString() === code) return;
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: code }, selection: { anchor: 0 }, scrollIntoView: true });
    },
    goTo(line, column) {
      const v = view.current;
      if (!v) return;
      v.dispatch({ selection: { anchor: positionOf(v.state.doc, line, column) }, scrollIntoView: true });
      v.focus();
    },
    focus: () => view.current?.focus(),
  }));

  return <div ref={host} style={{ height: '100%', minHeight: 0 }} data-testid="code-editor" />;
}
