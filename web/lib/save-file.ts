/** Hands a file the app made or fetched (a CSV export) to the browser's downloads. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the download has taken the data by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
