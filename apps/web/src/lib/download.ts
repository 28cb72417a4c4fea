/**
 * Hands a fetched file to the browser as a download: an object URL on a temporary link, clicked,
 * then revoked. Used for files that need the bearer token (a plain link cannot send it).
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: revoke a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
