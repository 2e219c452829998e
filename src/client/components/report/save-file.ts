/** Hands a downloaded file to the browser's save. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the browser has read the URL.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
