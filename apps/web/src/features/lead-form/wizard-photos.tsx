// The wizard's photos (docs/photos.md): chosen after the car and previewed in the browser (camera, gallery or a drop),
// put in order, the first the cover; uploaded once the lead exists, each with its progress and a retry if it failed.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { errorCodeOf, MAX_PHOTOS_PER_LEAD, photoMessages } from '@dealerleads/shared';
import { orderOwnerPhotos, ownerPhotosKey, uploadOwnerPhoto } from '../../lib/owner-photos';
import { ownerTexts } from '../../i18n/en/owner';
import { wizardTexts } from '../../i18n/en/lead-form';
import { serverText, useT } from '../../i18n/runtime';

/** A photo the owner picked: the file, and a preview URL made from it in this browser. */
export interface ChosenPhoto {
  key: number;
  file: File;
  preview: string;
}

let photoKeys = 0;

/** The picked files after `current`, as many as fit; `refused` when some did not. */
export function addPhotos(
  current: readonly ChosenPhoto[],
  files: readonly File[],
): { photos: ChosenPhoto[]; refused: boolean } {
  const room = Math.max(0, MAX_PHOTOS_PER_LEAD - current.length);
  const added = files.slice(0, room).map((file) => ({
    key: ++photoKeys,
    file,
    preview: URL.createObjectURL(file),
  }));
  return { photos: [...current, ...added], refused: files.length > room };
}

/** Lets the browser free the previews' memory. */
export function releasePhotos(photos: readonly ChosenPhoto[]) {
  for (const photo of photos) URL.revokeObjectURL(photo.preview);
}

/** An API text (or the connection's) in the reader's language when it has a code there. */
const photoErrorText = (message: string) => serverText(errorCodeOf(message, 400), message);

export interface PhotoPickerProps {
  photos: readonly ChosenPhoto[];
  onChange: (photos: ChosenPhoto[]) => void;
}

/** The wizard's photo step: nothing is sent yet, so the owner may pick, order and drop photos freely. */
export function PhotoPicker({ photos, onChange }: PhotoPickerProps) {
  const t = useT(ownerTexts);
  const tw = useT(wizardTexts);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const full = photos.length >= MAX_PHOTOS_PER_LEAD;

  const add = (files: File[]) => {
    const images = files.filter((file) => file.type === '' || file.type.startsWith('image/'));
    const { photos: next, refused } = addPhotos(photos, images);
    setProblem(
      refused
        ? photoErrorText(photoMessages.tooMany)
        : images.length < files.length
          ? photoErrorText(photoMessages.type)
          : null,
    );
    onChange(next);
  };

  // After a move, the focus follows the photo onto the button that can still move it the same way (else the other).
  const focusAfterMove = useRef<{ key: number; direction: 'earlier' | 'later' } | null>(null);
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const item = list.current?.querySelector(`[data-key="${pending.key}"]`);
    const button =
      item?.querySelector<HTMLButtonElement>(`[data-move="${pending.direction}"]:not(:disabled)`) ??
      item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  }, [photos]);

  const move = (index: number, by: number) => {
    const next = [...photos];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    focusAfterMove.current = { key: moved!.key, direction: by < 0 ? 'earlier' : 'later' };
    onChange(next);
  };

  const remove = (photo: ChosenPhoto) => {
    releasePhotos([photo]);
    setProblem(null);
    onChange(photos.filter((p) => p.key !== photo.key));
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <div
      className={`border rounded p-3${dragging ? ' border-primary bg-primary-subtle' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="photo-picker"
    >
      <p className="small text-body-secondary mb-2">
        {t('photosHelp', { max: MAX_PHOTOS_PER_LEAD })}
      </p>
      <p className="small text-body-secondary mb-3">{tw('photosOptional')}</p>
      <div className="mb-3">
        {/* No `capture`: a phone then offers the camera and the gallery both. */}
        <input
          id="wizard-photo-input"
          type="file"
          accept="image/*"
          multiple
          className="visually-hidden"
          disabled={full}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            add(files);
          }}
        />
        <label
          htmlFor="wizard-photo-input"
          className={`btn btn-outline-primary btn-lg${full ? ' disabled' : ''}`}
          aria-disabled={full}
        >
          <i className="bi bi-camera me-1" aria-hidden="true" />
          {t('addPhotos')}
        </label>
        <span className="small text-body-secondary ms-2 d-none d-md-inline">{t('orDrop')}</span>
      </div>
      {problem ? (
        <p className="text-danger small" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="small mb-2" aria-live="polite">
        {photos.length > 0 ? tw('photosChosen', { count: photos.length }) : ''}
      </p>
      {photos.length > 0 ? (
        <ol
          ref={list}
          className="row row-cols-2 row-cols-sm-3 g-2 list-unstyled mb-0"
          aria-label={t('yourPhotos')}
        >
          {photos.map((photo, index) => (
            <li key={photo.key} className="col" data-testid="chosen-photo" data-key={photo.key}>
              <div className="position-relative ratio ratio-4x3">
                <img
                  src={photo.preview}
                  alt={t(index === 0 ? 'photoAltCover' : 'photoAlt', { index: index + 1 })}
                  className="rounded object-fit-cover"
                />
                {index === 0 ? (
                  <span
                    className="badge text-bg-primary position-absolute m-1"
                    style={{ width: 'auto', height: 'auto' }}
                  >
                    {t('cover')}
                  </span>
                ) : null}
              </div>
              <div className="btn-group w-100 mt-1" role="group">
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  data-move="earlier"
                  aria-label={t('moveEarlier', { index: index + 1 })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <i className="bi bi-arrow-left" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  data-move="later"
                  aria-label={t('moveLater', { index: index + 1 })}
                  disabled={index === photos.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <i className="bi bi-arrow-right" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-outline-danger"
                  aria-label={t('removePhoto', { index: index + 1 })}
                  onClick={() => remove(photo)}
                >
                  <i className="bi bi-trash" aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

interface UploadState {
  progress: number;
  stage: 'waiting' | 'uploading' | 'done' | 'failed';
  id?: number;
  error?: string;
}

export interface PhotoUploadsProps {
  /** The new lead's link token. */
  token: string;
  photos: readonly ChosenPhoto[];
}

/**
 * The thank-you screen's uploads of the photos picked in the wizard: one at a time in the owner's order, each with its
 * progress; a failed one says why and can be tried again, and the owner's order (the cover first) is kept.
 */
export function PhotoUploads({ token, photos }: PhotoUploadsProps) {
  const t = useT(wizardTexts);
  const to = useT(ownerTexts);
  const queryClient = useQueryClient();
  const [states, setStates] = useState<Record<number, UploadState>>(() =>
    Object.fromEntries(photos.map((p) => [p.key, { progress: 0, stage: 'waiting' }])),
  );
  const done = useRef(new Map<number, number>());
  const uploadedInOrder = useRef<number[]>([]);
  const started = useRef(false);

  const update = (key: number, change: Partial<UploadState>) =>
    setStates((all) => ({ ...all, [key]: { ...all[key]!, ...change } }));

  const upload = async (photo: ChosenPhoto) => {
    update(photo.key, { stage: 'uploading', progress: 0, error: undefined });
    try {
      const stored = await uploadOwnerPhoto(token, photo.file, (progress) =>
        update(photo.key, { progress }),
      );
      done.current.set(photo.key, stored.id);
      uploadedInOrder.current.push(stored.id);
      update(photo.key, { stage: 'done', progress: 1, id: stored.id });
    } catch (error) {
      update(photo.key, {
        stage: 'failed',
        error: photoErrorText(error instanceof Error ? error.message : String(error)),
      });
    }
  };

  /** Once all are up: the owner's order, if a retry put one out of it; then the list shows the new cover. */
  const settle = async () => {
    if (done.current.size !== photos.length) return;
    const ids = photos.map((p) => done.current.get(p.key)!);
    if (ids.some((id, index) => uploadedInOrder.current[index] !== id)) {
      try {
        await orderOwnerPhotos(token, ids);
        uploadedInOrder.current = ids;
      } catch {
        // The photos are up; their order can still be changed on the private page.
      }
    }
    void queryClient.invalidateQueries({ queryKey: ownerPhotosKey(token) });
    void queryClient.invalidateQueries({ queryKey: ['leads'] });
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      for (const photo of photos) await upload(photo);
      await settle();
    })();
    // The uploads start once, for the photos the wizard handed over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const retry = async (photo: ChosenPhoto) => {
    await upload(photo);
    await settle();
  };

  const uploaded = photos.filter((p) => states[p.key]?.stage === 'done').length;
  const busy = photos.some((p) => ['waiting', 'uploading'].includes(states[p.key]?.stage ?? ''));
  return (
    <div className="border rounded p-3" data-testid="photo-uploads">
      <h2 className="h5">{to('photosTitle')}</h2>
      <p className="small mb-2" role="status">
        {t('photosUploaded', { done: uploaded, count: photos.length })}
      </p>
      <ol className="list-unstyled mb-0" aria-label={to('uploads')} aria-busy={busy}>
        {photos.map((photo, index) => {
          const state = states[photo.key] ?? { progress: 0, stage: 'waiting' };
          return (
            <li
              key={photo.key}
              className="d-flex align-items-center gap-2 mb-2"
              data-testid="photo-upload"
            >
              <img
                src={photo.preview}
                alt={to(index === 0 ? 'photoAltCover' : 'photoAlt', { index: index + 1 })}
                width={64}
                height={48}
                className="rounded object-fit-cover flex-shrink-0"
              />
              <div className="flex-grow-1 min-w-0">
                {state.stage === 'failed' ? (
                  <div className="d-flex flex-wrap align-items-center gap-2">
                    <span className="small text-danger" role="alert">
                      {t('photoFailed', { index: index + 1, reason: state.error ?? '' })}
                    </span>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      aria-label={t('retryPhoto', { index: index + 1 })}
                      onClick={() => void retry(photo)}
                    >
                      <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
                      {t('retry')}
                    </button>
                  </div>
                ) : state.stage === 'done' ? (
                  <span className="small text-success">
                    <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
                    {t('photoDone')}
                  </span>
                ) : (
                  <div
                    className="progress"
                    role="progressbar"
                    aria-label={to('uploading', { name: photo.file.name })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(state.progress * 100)}
                    style={{ height: '0.5rem' }}
                  >
                    <div className="progress-bar" style={{ width: `${state.progress * 100}%` }} />
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The owner's way back to the car: the private page, where photos are added, moved or removed later. */
export function PrivatePageLink({ manageUrl }: { manageUrl: string }) {
  const t = useT(wizardTexts);
  return (
    <p className="mt-3 mb-0">
      <Link to={manageUrl} className="btn btn-outline-primary">
        <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
        {t('openPrivatePage')}
      </Link>
      <span className="d-block small text-body-secondary mt-1">{t('privatePageHint')}</span>
    </p>
  );
}
