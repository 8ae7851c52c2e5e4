import { createElement, Fragment, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import MarkdownIt, { type StateInline, type Token } from 'markdown-it';

/**
 * Lesson text knows only `**`: a lone `*` (a pointer, `*args`, `2 * 3`) and `_` are plain characters, and a
 * `**` run inside a word next to a digit (`x**2`, `2**10`) neither opens nor closes, as CommonMark rules `_`
 * (`**d**ouble **under**score` still works).
 * Runs of two or more stars are handed to markdown-it's own pairing (balance_pairs, emphasis post-process).
 */
function strongDelimiters(state: StateInline, silent: boolean): boolean {
  if (silent || state.src.charCodeAt(state.pos) !== 0x2a) return false;
  let end = state.pos;
  while (state.src.charCodeAt(end) === 0x2a) end++;
  const digit = /\d/;
  const betweenNumbers = digit.test(state.src.charAt(state.pos - 1)) || digit.test(state.src.charAt(end));
  const scanned = state.scanDelims(state.pos, !betweenNumbers);
  if (scanned.length < 2) {
    state.pending += '*';
    state.pos += 1;
    return true;
  }
  for (let i = 0; i < scanned.length; i++) {
    const token = state.push('text', '', 0);
    token.content = '*';
    state.delimiters.push({
      marker: 0x2a,
      length: scanned.length,
      token: state.tokens.length - 1,
      end: -1,
      open: scanned.can_open,
      close: scanned.can_close,
    });
  }
  state.pos += scanned.length;
  return true;
}

/** Underscores are never emphasis in an explanation: Python's `__init__` and `snake_case` stay as written. */
function plainUnderscores(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5f) return false;
  let end = state.pos;
  while (state.src.charCodeAt(end) === 0x5f) end++;
  if (!silent) state.pending += state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

/*
 * One Markdown renderer for lesson text (lecture page, lecture editor preview, task text) and the AI's
 * explanation, built on markdown-it's CommonMark parser with only the rules we show:
 * - lesson text (content-and-features.md section 2): **bold** and `inline code`; newlines and spaces are
 *   kept as written. Nothing else is read: `*x*`, `__x__`, `\`, `&amp;` and HTML stay plain text.
 *   It is parsed inline only, so a line starting with `- ` or `# ` stays as written too.
 * - an explanation also has paragraphs, bullet and numbered lists, headings, fenced code and *italic*
 *   (with stars only: `__init__` stays as written).
 * CommonMark's flanking rules keep `2 ** 10`, `**kwargs` and `operator**` plain, and code spans are never
 * formatted. The tokens become React elements (never an HTML string), so no text can inject markup.
 */
const lesson = new MarkdownIt('zero', { html: false, linkify: false, typographer: false }).enable(['backticks', 'emphasis']);
lesson.inline.ruler.at('emphasis', strongDelimiters);

const explanation = new MarkdownIt('zero', { html: false, linkify: false, typographer: false, breaks: true }).enable([
  'backticks',
  'emphasis',
  'newline',
  'list',
  'heading',
  'fence',
]);
explanation.inline.ruler.before('emphasis', 'plain_underscores', plainUnderscores);

/** Inline code reads as code: monospace on a light grey chip (gray.9 on gray.1 is well above 4.5:1). */
const inlineCode = {
  fontFamily: 'var(--mantine-font-family-monospace)',
  fontSize: '0.9em',
  color: 'var(--mantine-color-gray-9)',
  background: 'var(--mantine-color-gray-1)',
  borderRadius: 4,
  padding: '0.05em 0.3em',
} as const;

interface Frame {
  tag: string | null;
  markup: string;
  children: ReactNode[];
}

/** The inline tokens of one line or paragraph as React nodes; `italic` says whether *x* becomes <em>. */
function inlineNodes(tokens: Token[], italic: boolean): ReactNode[] {
  const root: Frame = { tag: null, markup: '', children: [] };
  const stack: Frame[] = [root];
  const top = () => stack[stack.length - 1]!;
  const add = (node: ReactNode) => top().children.push(node);
  const shown = (t: Token) => (t.markup === '**' ? 'strong' : italic && (t.markup === '*' || t.markup === '_') ? 'em' : null);
  for (const t of tokens) {
    switch (t.type) {
      case 'text':
        add(t.content);
        break;
      case 'code_inline':
        add(createElement('code', { style: inlineCode }, t.content));
        break;
      case 'softbreak':
      case 'hardbreak':
        add('\n');
        break;
      case 'strong_open':
      case 'em_open':
        // __x__ and (in lesson text) *x* keep their markers: the frame has no tag and prints them back.
        stack.push({ tag: shown(t), markup: t.markup, children: [] });
        if (!shown(t)) add(t.markup);
        break;
      case 'strong_close':
      case 'em_close': {
        const frame = stack.length > 1 ? stack.pop()! : root;
        if (frame === root) break;
        if (!frame.tag) frame.children.push(frame.markup);
        const parent = top();
        if (frame.tag) parent.children.push(createElement(frame.tag, null, ...frame.children));
        else parent.children.push(...frame.children);
        break;
      }
      default:
        // No other rule is enabled; whatever a token holds is shown as text.
        add(t.content);
    }
  }
  // A frame left open (cannot happen after balance_pairs, but stay safe) is flattened into text.
  while (stack.length > 1) {
    const frame = stack.pop()!;
    top().children.push(...frame.children);
  }
  return root.children;
}

/** Lesson text as React nodes (spread them as children): **bold** and `code` read, the rest as written. */
export function lessonInline(text: string): ReactNode[] {
  const [inline] = lesson.parseInline(text, {});
  return inlineNodes(inline?.children ?? [], false);
}

/** Lesson text: **bold**, `inline code`, newlines kept (content-and-features.md section 2). */
export function RichText({ text }: { text: string }) {
  return createElement('span', { style: { whiteSpace: 'pre-wrap' } }, ...lessonInline(text));
}

/**
 * An AI explanation: headings (one level below the dialog's own h2), paragraphs with newlines kept, lists,
 * fenced code (focusable, so a long line scrolls with the keyboard), **bold**, *italic* and `code`.
 * Half-written text (a stream in progress) renders too: an unclosed fence is code so far.
 */
export function Markdown({ text }: { text: string }) {
  const tokens = explanation.parse(text, {});
  const out: ReactNode[] = [];
  const stack: { tag: string; props: Record<string, unknown>; children: ReactNode[] }[] = [];
  const add = (node: ReactNode) => (stack.length ? stack[stack.length - 1]!.children : out).push(node);
  for (const t of tokens) {
    if (t.type === 'inline') {
      for (const node of inlineNodes(t.children ?? [], true)) add(node);
    } else if (t.type === 'fence') {
      const language = t.info.trim().split(/\s+/)[0] ?? '';
      const code = t.content.replace(/\n$/, '');
      add(
        <Box component="pre" tabIndex={0} aria-label={language ? `${language} code` : 'Code'}>
          <code>{code}</code>
        </Box>,
      );
    } else if (t.nesting === 1) {
      // Inside the modal the section heading is h2: the model's headings sit below it (h3 to h6).
      const tag = t.type === 'heading_open' ? `h${Math.min(Number(t.tag.slice(1)) + 2, 6)}` : t.tag;
      const props: Record<string, unknown> = {};
      if (t.type === 'paragraph_open') props.style = { whiteSpace: 'pre-wrap' };
      const start = t.attrGet('start');
      if (start) props.start = Number(start);
      stack.push({ tag, props, children: [] });
    } else if (t.nesting === -1) {
      const frame = stack.pop();
      if (!frame) continue;
      // Tight list items hold their paragraph hidden: its inline content goes straight into the item.
      if (frame.tag === 'p' && t.hidden) for (const node of frame.children) add(node);
      else add(createElement(frame.tag, frame.props, ...frame.children));
    }
  }
  return createElement(Fragment, null, ...out);
}
