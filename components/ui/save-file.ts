/** Offers a file made in the page (an export) for the person to save, under `name`. */
export function saveFile(name: string, type: string, text: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  // Long enough for the browser to have read it.
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
