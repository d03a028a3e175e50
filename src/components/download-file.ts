/** Part 1 §9: the file saver revokes its link after 40 seconds. */
const REVOKE_AFTER_MS = 40_000;

/** Saves text as a file through the browser's download, without a network call. */
export function downloadText(text: string, fileName: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
