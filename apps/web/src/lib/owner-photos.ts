// The owner's photo calls (docs/photos.md): list, upload with progress (XMLHttpRequest: fetch reports no upload
// progress), order and remove, all through the private link.
import { photoMessages, type Photo } from '@dealerleads/shared';
import { API_BASE, api } from './api-client';

const base = (token: string) => `/owner/leads/${encodeURIComponent(token)}/photos`;

export const ownerPhotosKey = (token: string) => ['owner-photos', token] as const;

export function listOwnerPhotos(token: string): Promise<Photo[]> {
  return api.get<Photo[]>(base(token), { handleErrors: true, anonymous: true });
}

export function orderOwnerPhotos(token: string, ids: number[]): Promise<Photo[]> {
  return api.put<Photo[]>(`${base(token)}/order`, { ids }, { handleErrors: true, anonymous: true });
}

export async function removeOwnerPhoto(token: string, photoId: number): Promise<void> {
  await api.delete<null>(`${base(token)}/${photoId}`, { handleErrors: true, anonymous: true });
}

/** Sends one file as the form field `photo`; `onProgress` gets 0–1 as its bytes leave. Rejects with the API's message. */
export function uploadOwnerPhoto(
  token: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Photo> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${base(token)}`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201) {
        onProgress(1);
        resolve(body as Photo);
        return;
      }
      const message =
        typeof body === 'object' && body !== null && 'message' in body
          ? String((body as { message: unknown }).message)
          : request.status === 413
            ? photoMessages.tooLarge
            : `The photo could not be uploaded (${request.status})`;
      reject(new Error(message));
    };
    request.onerror = () =>
      reject(new Error('The photo could not be uploaded: check your connection'));
    const form = new FormData();
    form.append('photo', file, file.name);
    request.send(form);
  });
}
