// The wizard's photos: picked, previewed, ordered and removed in the browser (up to 10); then uploaded after the lead
// exists, each with its progress, a failure said per photo with a retry, and the owner's order kept.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTOS_PER_LEAD, photoMessages, type Photo } from '@dealerleads/shared';
import { createQueryClient } from '../../lib/query-client';
import { http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { addPhotos, PhotoPicker, PhotoUploads, type ChosenPhoto } from './wizard-photos';

const TOKEN = 'hV3q9XbT0wYk2LmNpR7sUe4AdFgJc6Zo1Ki8Bt5Wn_Q';
const BASE = `/api/owner/leads/${TOKEN}/photos`;

const api = setupFakeApi(
  http.put(`${BASE}/order`, async ({ request }) => {
    const { ids } = (await request.json()) as { ids: number[] };
    return HttpResponse.json(ids.map((id) => photo(id)));
  }),
);

const photo = (id: number): Photo => ({
  id,
  thumbUrl: `/media/${String(id).padStart(32, '0')}-thumb.webp`,
  url: `/media/${String(id).padStart(32, '0')}-detail.webp`,
  width: 1600,
  height: 1200,
});

const file = (name: string, type = 'image/jpeg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type });

/** Upload answers by file name: a photo, or a refusal with the API's text; each request reports half its bytes first. */
let uploadAnswers: Map<string, { status: number; body: unknown }[]>;
const uploaded: string[] = [];
let nextId = 100;
/** Uploads answer when the test says so (`finishUpload`), or by themselves when this is set. */
let answerAtOnce = true;
const waiting: (() => void)[] = [];

async function finishUpload() {
  await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
  act(() => waiting.shift()!());
}

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
    const name = (form.get('photo') as File).name;
    uploaded.push(`${this.url} ${name}`);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    const answer = uploadAnswers.get(name)?.shift() ?? { status: 201, body: photo(++nextId) };
    const finish = () => {
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    };
    if (answerAtOnce) setTimeout(finish, 0);
    else waiting.push(finish);
  }
}

beforeEach(() => {
  uploadAnswers = new Map();
  uploaded.length = 0;
  nextId = 100;
  answerAtOnce = true;
  waiting.length = 0;
  // jsdom makes no object URLs: a preview is named after its file.
  URL.createObjectURL = (blob: Blob) => `blob:${(blob as File).name}`;
  URL.revokeObjectURL = vi.fn();
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

afterEach(() => vi.unstubAllGlobals());

function Picker({ start = [] }: { start?: ChosenPhoto[] }) {
  const [photos, setPhotos] = useState<ChosenPhoto[]>(start);
  return <PhotoPicker photos={photos} onChange={setPhotos} />;
}

const previews = () =>
  screen
    .getAllByTestId('chosen-photo')
    .map((li) => within(li).getByRole('img').getAttribute('src'));

describe('the photo step', () => {
  it('takes photos from the camera or the gallery, previews them, and the first is the cover', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const input = screen.getByLabelText('Add photos');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('multiple');
    // No `capture`: the phone offers the camera and the gallery.
    expect(input).not.toHaveAttribute('capture');
    expect(screen.queryAllByTestId('chosen-photo')).toHaveLength(0);

    await user.upload(input, [file('front.jpg'), file('side.jpg'), file('inside.jpg')]);
    expect(previews()).toEqual(['blob:front.jpg', 'blob:side.jpg', 'blob:inside.jpg']);
    expect(screen.getByText('3 photos chosen')).toBeInTheDocument();
    const items = screen.getAllByTestId('chosen-photo');
    expect(items[0]).toHaveTextContent('Cover');
    expect(within(items[0]!).getByRole('img')).toHaveAccessibleName('Photo 1 (cover)');
    expect(items[1]).not.toHaveTextContent('Cover');
  });

  it('reorders with buttons the keyboard reaches, keeping the focus on the moved photo, and removes', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.upload(screen.getByLabelText('Add photos'), [
      file('front.jpg'),
      file('side.jpg'),
      file('inside.jpg'),
    ]);
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();

    // The keyboard: Tab to "Move photo 2 earlier" and press Enter; side.jpg becomes the cover.
    act(() => screen.getByRole('button', { name: 'Move photo 1 later' }).focus());
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Move photo 2 earlier' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(previews()).toEqual(['blob:side.jpg', 'blob:front.jpg', 'blob:inside.jpg']);
    expect(screen.getAllByTestId('chosen-photo')[0]).toHaveTextContent('Cover');
    // The moved photo is first now and cannot go earlier: the focus is on its "later" button.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move photo 1 later' })).toHaveFocus(),
    );

    await user.click(screen.getByRole('button', { name: 'Move photo 2 later' }));
    expect(previews()).toEqual(['blob:side.jpg', 'blob:inside.jpg', 'blob:front.jpg']);

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(previews()).toEqual(['blob:inside.jpg', 'blob:front.jpg']);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:side.jpg');
    expect(screen.getAllByTestId('chosen-photo')[0]).toHaveTextContent('Cover');
  });

  it(`keeps at most ${MAX_PHOTOS_PER_LEAD}, saying so, and takes files dropped on it`, async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const many = Array.from({ length: MAX_PHOTOS_PER_LEAD - 1 }, (_, i) => file(`${i}.jpg`));
    await user.upload(screen.getByLabelText('Add photos'), many);
    expect(screen.getAllByTestId('chosen-photo')).toHaveLength(MAX_PHOTOS_PER_LEAD - 1);

    // A desktop: two files dropped on the step; only one more fits.
    const zone = screen.getByTestId('photo-picker');
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone).toHaveClass('border-primary');
    fireEvent.drop(zone, { dataTransfer: { files: [file('a.jpg'), file('b.jpg')] } });
    expect(screen.getAllByTestId('chosen-photo')).toHaveLength(MAX_PHOTOS_PER_LEAD);
    expect(previews().at(-1)).toBe('blob:a.jpg');
    expect(screen.getByRole('alert')).toHaveTextContent(photoMessages.tooMany);
    expect(screen.getByLabelText('Add photos')).toBeDisabled();
  });

  it('leaves a dropped file that is not a picture out, saying so', () => {
    render(<Picker />);
    fireEvent.drop(screen.getByTestId('photo-picker'), {
      dataTransfer: { files: [file('notes.pdf', 'application/pdf'), file('a.jpg')] },
    });
    expect(previews()).toEqual(['blob:a.jpg']);
    expect(screen.getByRole('alert')).toHaveTextContent(photoMessages.type);
  });
});

describe('the uploads after the lead', () => {
  const chosen = (...names: string[]) =>
    addPhotos(
      [],
      names.map((n) => file(n)),
    ).photos;

  function renderUploads(photos: ChosenPhoto[]) {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PhotoUploads token={TOKEN} photos={photos} />
      </QueryClientProvider>,
    );
  }

  it('uploads each photo in the chosen order with its progress, and says when all are up', async () => {
    answerAtOnce = false;
    renderUploads(chosen('front.jpg', 'side.jpg', 'inside.jpg'));
    // The first is on its way (half its bytes sent), the others wait.
    const bars = await screen.findAllByRole('progressbar');
    expect(bars[0]).toHaveAttribute('aria-valuenow', '50');
    expect(bars[0]).toHaveAccessibleName('Uploading front.jpg');
    expect(bars[1]).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('0 of 3 photos uploaded')).toBeInTheDocument();
    await finishUpload();
    expect(await screen.findByText('1 of 3 photos uploaded')).toBeInTheDocument();
    expect(screen.getAllByTestId('photo-upload')[0]).toHaveTextContent('Uploaded');
    await finishUpload();
    await finishUpload();
    expect(await screen.findByText('3 of 3 photos uploaded')).toBeInTheDocument();
    expect(screen.getAllByText('Uploaded')).toHaveLength(3);
    expect(uploaded).toEqual([`${BASE} front.jpg`, `${BASE} side.jpg`, `${BASE} inside.jpg`]);
    // Uploaded in order: the cover is already first, no reordering needed.
    expect(api.callsTo('PUT', `${BASE}/order`)).toHaveLength(0);
  });

  it('says which photo failed and why, retries it, and keeps the owner’s order (the cover first)', async () => {
    uploadAnswers.set('front.jpg', [
      { status: 400, body: { statusCode: 400, message: photoMessages.unreadable } },
    ]);
    const user = userEvent.setup();
    renderUploads(chosen('front.jpg', 'side.jpg'));
    expect(await screen.findByText('1 of 2 photos uploaded')).toBeInTheDocument();
    const rows = screen.getAllByTestId('photo-upload');
    expect(within(rows[0]!).getByRole('alert')).toHaveTextContent(
      `Photo 1 was not uploaded: ${photoMessages.unreadable}`,
    );
    expect(rows[1]).toHaveTextContent('Uploaded');

    await user.click(screen.getByRole('button', { name: 'Retry photo 1' }));
    expect(await screen.findByText('2 of 2 photos uploaded')).toBeInTheDocument();
    expect(uploaded).toEqual([`${BASE} front.jpg`, `${BASE} side.jpg`, `${BASE} front.jpg`]);
    // side.jpg went up first, so the retried front.jpg is put back first: it stays the cover.
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/order`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${BASE}/order`)[0]?.body).toEqual({ ids: [102, 101] });
  });
});
