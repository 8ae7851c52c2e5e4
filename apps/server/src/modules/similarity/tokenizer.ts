import Parser from 'tree-sitter';
import { Region, Tokenizer, type ProgrammingLanguage, type Token } from '@dodona/dolos-lib';

/**
 * What Dolos compares, one token per piece of the syntax tree: a Dolos Tokenizer fed to Dolos'
 * FingerprintIndex exactly as its own CodeTokenizer is. Dolos' CodeTokenizer emits only the named node
 * types, `( binary_operator ( identifier ) ( integer ) )`, so `a < b` and `a > b`, `x += 1` and `x -= 1`,
 * `== 0` and `!= 1`, `int` and `double` are the same tokens. This one keeps, in the same order and with
 * the same `(` type ... `)` nesting:
 * - every anonymous node (keywords, operators, punctuation) as `"<"`, `"+="`, `"while"`, `";"`;
 * - the text of literal leaves (numbers, string contents, `int`, `true`), `( integer 2 )`.
 * It still drops what a disguise changes for free: names (any node whose type says `identifier`), comments,
 * the quote style of a Python string, raw macro text (it holds names), and layout (not in the tree).
 */

/** Leaves whose text is a name, a message or raw macro text: their type is kept, their text is not. */
const textless = (type: string) => type.includes('identifier') || type.includes('string') || type === 'preproc_arg';
/** Not code: left out altogether, as Dolos leaves out comments. */
const skipped = (type: string) => type.includes('comment') || type === 'line_continuation';

export class SourceTokenizer extends Tokenizer {
  private readonly parser = new Parser();

  constructor(language: ProgrammingLanguage) {
    super(language, { includeComments: false });
    this.parser.setLanguage(language.getLanguageModule());
  }

  generateTokens(text: string): Token[] {
    // The buffer size Dolos' CodeTokenizer passes (tree-sitter's default is too small for long programs).
    const tree = this.parser.parse(text, undefined, { bufferSize: Math.max(32 * 1024, text.length * 2) });
    const tokens: Token[] = [];
    this.visit(tree.walk(), tokens);
    return tokens;
  }

  /**
   * Tokenizes the cursor's node and its children; returns where the node starts. As in Dolos'
   * CodeTokenizer, a node's region is cut short at its first child's start, so a matching k-gram
   * highlights the code its tokens stand for rather than the whole enclosing node.
   */
  private visit(cursor: Parser.TreeCursor, tokens: Token[]): [number, number] {
    const type = cursor.nodeType;
    const { row, column } = cursor.startPosition;
    if (skipped(type)) return [row, column];
    const end = cursor.endPosition;
    const location = new Region(row, column, end.row, end.column);
    if (!cursor.nodeIsNamed) {
      tokens.push(this.newToken(`"${type}"`, location));
      return [row, column];
    }
    tokens.push(this.newToken('(', location));
    const label = tokens.push(this.newToken(type, location)) - 1;
    if (cursor.gotoFirstChild()) {
      do {
        const [r, c] = this.visit(cursor, tokens);
        if (r < location.endRow || (r === location.endRow && c < location.endCol)) {
          location.endRow = r;
          location.endCol = c;
        }
      } while (cursor.gotoNextSibling());
      cursor.gotoParent();
    } else if (!textless(type)) {
      tokens[label] = this.newToken(`${type} ${cursor.nodeText}`, location);
    }
    tokens.push(this.newToken(')', location));
    return [row, column];
  }
}
