/**
 * Copies text to the clipboard. The async Clipboard API needs a secure context; on plain http it is
 * missing, so fall back to a hidden textarea and execCommand (textareas stay selectable for students).
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy command refused');
  } finally {
    area.remove();
  }
}
