// GET /api/me/export: the member's own data as a JSON file the browser saves.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The file name the server proposes in Content-Disposition, or a plain one. */
export function exportFileNameOf(headers: Headers): string {
  const match = /filename="([^"]+)"/.exec(headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? 'dealerleads-my-data.json';
}

export async function downloadMyData(): Promise<string> {
  const response = await apiRequest<unknown>('/me/export');
  const fileName = exportFileNameOf(response.headers);
  const blob = new Blob([JSON.stringify(response.data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; the URL can go after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return fileName;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
