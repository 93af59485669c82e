/** Hands a blob to the browser's download manager under `filename`. */
export const saveBlob = ({ blob, filename }: { blob: Blob; filename: string }) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download manager; give it a moment before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
