import type { SignedUrl } from "@argine/core/services/services-api";

/**
 * Step 2 of an upload: the bytes straight to the storage's signed link. XMLHttpRequest rather than fetch,
 * because only it reports the upload's progress. Resolves when the storage took them; rejects otherwise
 * (the caller says 'Errore in fase di caricamento', the storage's answer means nothing to the user).
 */
export function putFile(link: SignedUrl, file: Blob, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(link.method, link.url);
    for (const [name, value] of Object.entries(link.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new Error(`storage answered ${request.status}`));
    request.onerror = () => reject(new Error("storage unreachable"));
    request.onabort = () => reject(new Error("upload aborted"));
    request.send(file);
  });
}
