import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PhotoGallery } from './photo-gallery';

const photos = [1, 2, 3].map((id) => ({
  id,
  thumbUrl: `/media/${String(id).repeat(32)}-thumb.webp`,
  url: `/media/${String(id).repeat(32)}-detail.webp`,
}));

beforeAll(() => {
  // jsdom lays nothing out and has no element scrolling.
  Element.prototype.scrollTo = vi.fn();
});

describe('the lead photo gallery', () => {
  it('shows every photo, and steps through them with labelled buttons and the arrow keys', async () => {
    const user = userEvent.setup();
    render(<PhotoGallery photos={photos} car="2019 Hyundai Creta" />);
    expect(screen.getByRole('region', { name: 'Photos of the 2019 Hyundai Creta' })).toBeVisible();
    const images = screen.getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual(photos.map((p) => p.url));
    expect(images[0]).toHaveAccessibleName('2019 Hyundai Creta, photo 1 of 3');
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Photo 1 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous photo' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('Photo 2 of 3')).toBeVisible();
    screen.getByTestId('photo-gallery').focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Photo 3 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Photo 3 of 3')).toBeVisible();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('Photo 2 of 3')).toBeVisible();
  });

  it('shows nothing without photos, and no buttons for one', () => {
    const { container } = render(<PhotoGallery photos={[]} car="A car" />);
    expect(container).toBeEmptyDOMElement();
    render(<PhotoGallery photos={photos.slice(0, 1)} car="A car" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
