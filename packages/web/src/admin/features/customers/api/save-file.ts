/** Long enough for the browser to have read the object URL before it is let go. */
const REVOKE_AFTER_MS = 10_000;

/** Hands a downloaded body to the browser as a file, the way a link with `download` would. */
export const saveFile = (body: Blob, fileName: string): void => {
  const url = URL.createObjectURL(body);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked at once, the URL can be gone before some browsers start the download.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
};
