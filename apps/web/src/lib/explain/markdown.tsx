import { Fragment, type ReactNode } from 'react';
import { Box } from '@mantine/core';

/**
 * A small Markdown renderer for AI text: headings, paragraphs, bullet and numbered lists, fenced code,
 * `inline code`, **bold** and *italic*. It builds React elements only (no HTML strings), so nothing the
 * model writes can inject markup or script; anything it does not know stays plain text. Half-written
 * text (a stream in progress) renders too: an unclosed fence is code so far.
 */
export type MdBlock =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: string[] }
  | { type: 'code'; language: string; code: string };

const bullet = /^\s*[-*+]\s+(.*)$/;
const numbered = /^\s*(\d+)[.)]\s+(.*)$/;
const fence = /^\s*(```|~~~)\s*([\w+#-]*)\s*$/;
const heading = /^(#{1,6})\s+(.*)$/;

export function parseMarkdown(source: string): MdBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MdBlock[] = [];
  let para: string[] = [];
  const endPara = () => {
    if (para.length) blocks.push({ type: 'paragraph', text: para.join('\n') });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = fence.exec(line);
    if (f) {
      endPara();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trim().startsWith(f[1]!); i++) code.push(lines[i]!);
      blocks.push({ type: 'code', language: f[2] ?? '', code: code.join('\n') });
      continue;
    }
    const h = heading.exec(line);
    const b = bullet.exec(line);
    const n = numbered.exec(line);
    if (h) {
      endPara();
      blocks.push({ type: 'heading', level: h[1]!.length, text: h[2]! });
    } else if (b || n) {
      endPara();
      const ordered = !b;
      const last = blocks.at(-1);
      const item = b ? b[1]! : n![2]!;
      if (last?.type === 'list' && last.ordered === ordered) last.items.push(item);
      else blocks.push({ type: 'list', ordered, start: n ? Number(n[1]) : 1, items: [item] });
    } else if (!line.trim()) {
      endPara();
    } else {
      const last = blocks.at(-1);
      // An indented line right after a list item continues that item.
      if (!para.length && last?.type === 'list' && /^\s+\S/.test(line)) last.items[last.items.length - 1] += ` ${line.trim()}`;
      else para.push(line);
    }
  }
  endPara();
  return blocks;
}

/** `code`, **bold**, *italic* / _italic_ inside a line; the rest is text. */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /`([^`]+)`|\*\*(.+?)\*\*|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?!\w)|(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?!\w)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(<Fragment key={out.length}>{text.slice(last, m.index)}</Fragment>);
    if (m[1] !== undefined) out.push(<code key={out.length}>{m[1]}</code>);
    else if (m[2] !== undefined) out.push(<strong key={out.length}>{renderInline(m[2])}</strong>);
    else out.push(<em key={out.length}>{renderInline(m[3] ?? m[4]!)}</em>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(<Fragment key={out.length}>{text.slice(last)}</Fragment>);
  return out;
}

export function Markdown({ text }: { text: string }) {
  return (
    <>
      {parseMarkdown(text).map((block, i) => {
        switch (block.type) {
          case 'heading': {
            // Inside the modal the section heading is h2: the model's headings sit below it.
            const Tag = (['h3', 'h4', 'h5', 'h6'] as const)[Math.min(block.level, 4) - 1]!;
            return <Tag key={i}>{renderInline(block.text)}</Tag>;
          }
          case 'paragraph':
            return (
              <p key={i} style={{ whiteSpace: 'pre-wrap' }}>
                {renderInline(block.text)}
              </p>
            );
          case 'list': {
            const items = block.items.map((item, j) => <li key={j}>{renderInline(item)}</li>);
            return block.ordered ? (
              <ol key={i} start={block.start}>
                {items}
              </ol>
            ) : (
              <ul key={i}>{items}</ul>
            );
          }
          case 'code':
            return (
              // Focusable so a long line can be scrolled with the keyboard.
              <Box component="pre" key={i} tabIndex={0} aria-label={block.language ? `${block.language} code` : 'Code'}>
                <code>{block.code}</code>
              </Box>
            );
        }
      })}
    </>
  );
}
