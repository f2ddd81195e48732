// The owner's photos of their car on the private page (the wizard has its own picker, lead-form/wizard-photos.tsx): add
// up to 10 from the camera, the gallery or by dropping files, each with its progress; move them, remove them; the first
// is the cover dealers see on the list.
import { useRef, useState, type DragEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PHOTOS_PER_LEAD, PHOTO_THUMB, photoMessages, type Photo } from '@dealerleads/shared';
import {
  listOwnerPhotos,
  orderOwnerPhotos,
  ownerPhotosKey,
  removeOwnerPhoto,
  uploadOwnerPhoto,
} from '../lib/owner-photos';
import { ownerTexts } from '../i18n/en/owner';
import { useT } from '../i18n/runtime';

interface Upload {
  key: number;
  name: string;
  progress: number;
  error?: string;
}

export interface PhotoManagerProps {
  /** The owner's link token. */
  token: string;
  /** Whether photos may be added (an open listing). */
  canAdd?: boolean;
}

let uploadKeys = 0;

export function PhotoManager({ token, canAdd = true }: PhotoManagerProps) {
  const t = useT(ownerTexts);
  const queryClient = useQueryClient();
  const { data: photos = [] } = useQuery({
    queryKey: ownerPhotosKey(token),
    queryFn: () => listOwnerPhotos(token),
    retry: false,
  });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const busy = uploads.some((u) => u.error === undefined);

  const changed = (next?: Photo[]) => {
    if (next) queryClient.setQueryData(ownerPhotosKey(token), next);
    else void queryClient.invalidateQueries({ queryKey: ownerPhotosKey(token) });
    // The list's cover and the detail's gallery change with them.
    void queryClient.invalidateQueries({ queryKey: ['leads'] });
  };

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const addFiles = async (files: File[]) => {
    setProblem(null);
    const room = MAX_PHOTOS_PER_LEAD - photos.length - uploads.filter((u) => !u.error).length;
    if (files.length > room) setProblem(photoMessages.tooMany);
    const chosen = files.slice(0, Math.max(0, room));
    const queued = chosen.map((file) => ({ file, key: ++uploadKeys }));
    setUploads((list) => [
      ...list.filter((u) => !u.error),
      ...queued.map(({ file, key }) => ({ key, name: file.name, progress: 0 })),
    ]);
    // One at a time, in the order chosen: the first chosen becomes the cover of a car without photos.
    for (const { file, key } of queued) {
      try {
        const photo = await uploadOwnerPhoto(token, file, (progress) => update(key, { progress }));
        queryClient.setQueryData<Photo[]>(ownerPhotosKey(token), (list = []) => [...list, photo]);
        setUploads((list) => list.filter((u) => u.key !== key));
      } catch (error) {
        update(key, { error: error instanceof Error ? error.message : String(error) });
      }
    }
    changed();
  };

  const move = async (index: number, by: number) => {
    const ids = photos.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    try {
      changed(await orderOwnerPhotos(token, ids));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  const remove = async (photo: Photo) => {
    try {
      await removeOwnerPhoto(token, photo.id);
      changed(photos.filter((p) => p.id !== photo.id));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (canAdd) void addFiles([...event.dataTransfer.files]);
  };

  const full = photos.length >= MAX_PHOTOS_PER_LEAD;
  return (
    <div
      className={`photo-manager border rounded p-3${dragging ? ' border-primary bg-primary-subtle' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (canAdd) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="photo-manager"
    >
      <h2 className="h5">{t('photosTitle')}</h2>
      <p className="small text-body-secondary mb-2">
        {t('photosHelp', { max: MAX_PHOTOS_PER_LEAD })}
      </p>
      {canAdd ? (
        <div className="mb-3">
          <input
            ref={input}
            id={`photo-input-${token.slice(0, 6)}`}
            type="file"
            accept="image/*"
            multiple
            className="visually-hidden"
            disabled={full}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              void addFiles(files);
            }}
          />
          <label
            htmlFor={`photo-input-${token.slice(0, 6)}`}
            className={`btn btn-outline-primary${full ? ' disabled' : ''}`}
            aria-disabled={full}
          >
            <i className="bi bi-camera me-1" aria-hidden="true" />
            {t('addPhotos')}
          </label>
          <span className="small text-body-secondary ms-2 d-none d-md-inline">{t('orDrop')}</span>
        </div>
      ) : null}
      {problem ? (
        <p className="text-danger small" role="alert">
          {problem}
        </p>
      ) : null}
      {uploads.length > 0 ? (
        <ul className="list-unstyled mb-3" aria-label={t('uploads')} aria-busy={busy}>
          {uploads.map((u) => (
            <li key={u.key} className="mb-2">
              <div className="small text-truncate">{u.name}</div>
              {u.error ? (
                <div className="small text-danger" role="alert">
                  {u.error}
                </div>
              ) : (
                <div
                  className="progress"
                  role="progressbar"
                  aria-label={t('uploading', { name: u.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(u.progress * 100)}
                  style={{ height: '0.5rem' }}
                >
                  <div className="progress-bar" style={{ width: `${u.progress * 100}%` }} />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length > 0 ? (
        <ol
          className="row row-cols-2 row-cols-sm-3 g-2 list-unstyled mb-0"
          aria-label={t('yourPhotos')}
        >
          {photos.map((photo, index) => (
            <li key={photo.id} className="col" data-testid="owner-photo">
              <div className="position-relative">
                <img
                  src={photo.thumbUrl}
                  width={PHOTO_THUMB.width}
                  height={PHOTO_THUMB.height}
                  alt={t(index === 0 ? 'photoAltCover' : 'photoAlt', { index: index + 1 })}
                  className="img-fluid rounded w-100 h-auto"
                />
                {index === 0 ? (
                  <span className="badge text-bg-primary position-absolute top-0 start-0 m-1">
                    {t('cover')}
                  </span>
                ) : null}
              </div>
              <div className="btn-group btn-group-sm w-100 mt-1" role="group">
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  aria-label={t('moveEarlier', { index: index + 1 })}
                  disabled={index === 0}
                  onClick={() => void move(index, -1)}
                >
                  <i className="bi bi-arrow-left" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  aria-label={t('moveLater', { index: index + 1 })}
                  disabled={index === photos.length - 1}
                  onClick={() => void move(index, 1)}
                >
                  <i className="bi bi-arrow-right" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-outline-danger"
                  aria-label={t('removePhoto', { index: index + 1 })}
                  onClick={() => void remove(photo)}
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
