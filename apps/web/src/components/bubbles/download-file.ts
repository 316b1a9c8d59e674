/**
 * spec §2 'Chat room': a document is downloaded with a GET on its url as a blob and saved under the
 * document's name. Failures are silent; the answer says whether the file was handed to the browser.
 */
export async function downloadFile(url: string, name: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    if (!response.ok) return false;
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = name || 'dokumen';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Give the browser time to start the download before the blob is let go.
    window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
    return true;
  } catch {
    return false;
  }
}
