import { HighlightStyle } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

/**
 * Token colours for the editor that keep WCAG AA contrast (4.5:1) on white and on the active line's
 * #f1f5fb. CodeMirror's default style uses #e40 for strings and #219 for some names, below AA there.
 */
export const accessibleHighlightStyle = HighlightStyle.define([
  { tag: [t.keyword, t.processingInstruction, t.modifier, t.controlKeyword, t.operatorKeyword], color: '#7928a1' },
  { tag: [t.string, t.special(t.string), t.character, t.regexp], color: '#006b00' },
  { tag: [t.number, t.bool, t.atom, t.null], color: '#8a4b00' },
  { tag: [t.comment, t.lineComment, t.blockComment, t.meta], color: '#5c5c5c', fontStyle: 'italic' },
  { tag: [t.typeName, t.className, t.standard(t.typeName)], color: '#00607f' },
  { tag: [t.function(t.variableName), t.function(t.propertyName), t.definition(t.function(t.variableName))], color: '#00607f' },
  { tag: [t.escape, t.invalid], color: '#b3160f' },
]);
