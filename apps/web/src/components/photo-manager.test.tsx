import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTOS_PER_LEAD, photoMessages, type Photo } from '@dealerleads/shared';
import { createQueryClient } from '../lib/query-client';
import { http, HttpResponse, setupFakeApi } from '../test/fake-api';
import { PhotoManager } from './photo-manager';

const TOKEN = 'hV3q9XbT0wYk2LmNpR7sUe4AdFgJc6Zo1Ki8Bt5Wn_Q';
const BASE = `/api/owner/leads/${TOKEN}/photos`;
const photo = (id: number): Photo => ({
  id,
  thumbUrl: `/media/${String(id).padStart(32, '0')}-thumb.webp`,
  url: `/media/${String(id).padStart(32, '0')}-detail.webp`,
  width: 1600,
  height: 1200,
});

let stored: Photo[];
/** The uploads sent, by XMLHttpRequest (for its progress events) rather than fetch, so outside the fake API. */
const sent: { method: string; url: string; body?: unknown }[] = [];

const api = setupFakeApi(
  http.put(`${BASE}/order`, async ({ request }) => {
    const { ids } = (await request.json()) as { ids: number[] };
    stored = ids.map((id) => stored.find((p) => p.id === id)!);
    return HttpResponse.json(stored);
  }),
  http.delete(`${BASE}/:id`, ({ params }) => {
    stored = stored.filter((p) => p.id !== Number(params.id));
    return new HttpResponse(null, { status: 204 });
  }),
  http.get(BASE, () => HttpResponse.json(stored)),
);

/** What was sent through fetch, as method, path and body. */
const fetched = () => api.calls().map(({ method, path, body }) => ({ method, url: path, body }));

/** An XMLHttpRequest that reports half, then all of the upload, and answers with the next photo. */
class FakeUpload {
  status = 0;
  responseText = '';
  upload: {
    onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void;
  } = {};
  onload?: () => void;
  onerror?: () => void;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    const file = form.get('photo') as File;
    sent.push({ method: 'UPLOAD', url: this.url, body: file.name });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    setTimeout(() => {
      const next = photo(100 + stored.length);
      stored = [...stored, next];
      this.status = 201;
      this.responseText = JSON.stringify(next);
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  stored = [photo(1), photo(2)];
  sent.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

afterEach(() => vi.unstubAllGlobals());

function renderManager() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PhotoManager token={TOKEN} />
    </QueryClientProvider>,
  );
  return user;
}

const file = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const shown = () =>
  screen.getAllByTestId('owner-photo').map((li) => within(li).getByRole('img').getAttribute('src'));

describe('the photo panel', () => {
  it('lists the photos with the first as the cover, sized so nothing moves', async () => {
    renderManager();
    const items = await screen.findAllByTestId('owner-photo');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Cover');
    expect(items[1]).not.toHaveTextContent('Cover');
    const img = within(items[0]!).getByRole('img');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '240');
    expect(screen.getByLabelText('Add photos')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Add photos')).toHaveAttribute('multiple');
  });

  it('uploads chosen files one by one as the form field photo, and shows them', async () => {
    const user = renderManager();
    await screen.findAllByTestId('owner-photo');
    await user.upload(screen.getByLabelText('Add photos'), [file('a.jpg'), file('b.jpg')]);
    await waitFor(() => expect(screen.getAllByTestId('owner-photo')).toHaveLength(4));
    expect(sent.filter((s) => s.method === 'UPLOAD')).toEqual([
      { method: 'UPLOAD', url: BASE, body: 'a.jpg' },
      { method: 'UPLOAD', url: BASE, body: 'b.jpg' },
    ]);
  });

  it(`takes no more than ${MAX_PHOTOS_PER_LEAD} photos, saying so`, async () => {
    const user = renderManager();
    await screen.findAllByTestId('owner-photo');
    const files = Array.from({ length: MAX_PHOTOS_PER_LEAD }, (_, i) => file(`${i}.jpg`));
    await user.upload(screen.getByLabelText('Add photos'), files);
    expect(await screen.findByText(photoMessages.tooMany)).toBeVisible();
    await waitFor(() =>
      expect(screen.getAllByTestId('owner-photo')).toHaveLength(MAX_PHOTOS_PER_LEAD),
    );
    expect(sent.filter((s) => s.method === 'UPLOAD')).toHaveLength(MAX_PHOTOS_PER_LEAD - 2);
  });

  it('moves a photo (the new first is the cover) and removes one', async () => {
    const user = renderManager();
    await screen.findAllByTestId('owner-photo');
    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    await waitFor(() => expect(shown()).toEqual([photo(2).thumbUrl, photo(1).thumbUrl]));
    expect(fetched()).toContainEqual({
      method: 'PUT',
      url: `${BASE}/order`,
      body: { ids: [2, 1] },
    });
    expect(screen.getAllByTestId('owner-photo')[0]).toHaveTextContent('Cover');
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await waitFor(() => expect(shown()).toEqual([photo(1).thumbUrl]));
    expect(fetched()).toContainEqual({ method: 'DELETE', url: `${BASE}/2`, body: undefined });
  });
});
