// The shared pager: window of page buttons, boundary and direction links, and no event for the current page.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow } from './pagination';

describe('pageWindow', () => {
  it('centres the current page and never exceeds maxButtons', () => {
    expect(pageWindow(1, 20, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageWindow(10, 20, 6)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20, 6)).toEqual([15, 16, 17, 18, 19, 20]);
    expect(pageWindow(2, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0, 5)).toEqual([]);
  });
});

describe('Pagination', () => {
  it('shows first, previous, the page buttons, next and last', () => {
    render(
      <Pagination currentPage={3} totalPages={10} maxButtons={5} onPageChange={() => undefined} />,
    );
    const labels = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(labels).toEqual([
      'First page',
      'Previous page',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Next page',
      'Last page',
    ]);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('reports page changes, but not a click on the current page', async () => {
    const onPageChange = vi.fn();
    const user = userEvent.setup();
    render(
      <Pagination currentPage={3} totalPages={10} maxButtons={5} onPageChange={onPageChange} />,
    );
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange.mock.calls.map((c) => c[0])).toEqual([4, 10, 1, 2]);
  });

  it('disables first and previous on the first page, next and last on the last', () => {
    const { rerender } = render(
      <Pagination currentPage={1} totalPages={3} maxButtons={5} onPageChange={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    rerender(
      <Pagination currentPage={3} totalPages={3} maxButtons={5} onPageChange={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  });

  it('can hide boundary links and relabel the others', () => {
    render(
      <Pagination
        currentPage={1}
        totalPages={3}
        maxButtons={5}
        boundaryLinks={false}
        labels={{ previous: 'Previous', next: 'Next' }}
        onPageChange={() => undefined}
      />,
    );
    expect(screen.queryByRole('button', { name: 'First page' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveTextContent('Next');
  });

  it('renders nothing without pages', () => {
    const { container } = render(
      <Pagination currentPage={1} totalPages={0} maxButtons={5} onPageChange={() => undefined} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
