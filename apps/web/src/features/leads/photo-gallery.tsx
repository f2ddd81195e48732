// The lead's photos on its detail: a strip that swipes on a phone (scroll snapping), with labelled buttons and the arrow
// keys for a keyboard. Shown before unlock: the photos are why a dealer unlocks.
import { useRef, useState, type KeyboardEvent } from 'react';
import type { LeadPhoto } from '@dealerleads/shared';
import { leadDetailTexts } from '../../i18n/en/lead-detail';
import { useT } from '../../i18n/runtime';

export function PhotoGallery({ photos, car }: { photos: LeadPhoto[]; car: string }) {
  const t = useT(leadDetailTexts);
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  if (photos.length === 0) return null;

  // A jump rather than a smooth scroll: the scroll events of an animation would report the photos in between.
  const show = (next: number) => {
    const target = Math.min(Math.max(0, next), photos.length - 1);
    const element = strip.current;
    if (element) element.scrollTo({ left: target * element.clientWidth, behavior: 'instant' });
    setIndex(target);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      className="photo-gallery card mb-3"
      aria-roledescription={t('carousel')}
      aria-label={t('galleryLabel', { car })}
    >
      <div
        ref={strip}
        className="photo-gallery-strip"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onScroll={(event) => {
          const element = event.currentTarget;
          if (element.clientWidth > 0)
            setIndex(Math.round(element.scrollLeft / element.clientWidth));
        }}
        data-testid="photo-gallery"
      >
        {photos.map((photo, i) => (
          <img
            key={photo.id}
            src={photo.url}
            alt={t('photoAlt', { car, index: i + 1, count: photos.length })}
            width={1024}
            height={768}
            loading={i === 0 ? 'eager' : 'lazy'}
            className="photo-gallery-image"
          />
        ))}
      </div>
      {photos.length > 1 ? (
        <div className="d-flex align-items-center justify-content-between p-2">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-label={t('previousPhoto')}
            disabled={index === 0}
            onClick={() => show(index - 1)}
          >
            <i className="bi bi-chevron-left" aria-hidden="true" />
          </button>
          <span className="small text-body-secondary" aria-live="polite">
            {t('photoOf', { index: index + 1, count: photos.length })}
          </span>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-label={t('nextPhoto')}
            disabled={index === photos.length - 1}
            onClick={() => show(index + 1)}
          >
            <i className="bi bi-chevron-right" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
