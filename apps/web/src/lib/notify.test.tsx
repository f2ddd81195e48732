// Toasts under React's StrictMode (as `npm run dev` renders the app): the first toast after a page load is shown.
import { StrictMode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { createQueryClient } from './query-client';
import { notify } from './notify';

function renderApp() {
  return render(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        <p>page</p>
      </AppProvider>
    </StrictMode>,
  );
}

// One file, one page load: the toast library's state is the module's, and these tests run in order.
describe('toasts under StrictMode', () => {
  it('shows a toast asked for before the toast container exists (a guard on the first page)', async () => {
    notify.error('You shall not pass!');
    renderApp();
    expect(await screen.findByText('You shall not pass!')).toBeInTheDocument();
  });

  it('keeps showing toasts once the container is there', async () => {
    renderApp();
    notify.warning('Invalid lead ID');
    expect(await screen.findByText('Invalid lead ID')).toBeInTheDocument();
  });

  it('shows a toast that follows another below it', async () => {
    renderApp();
    notify.success('Lead contact details unlocked. 1 credit used. 0 credits remaining.');
    notify.info(
      'This was your last credit. Please purchase more credits to unlock additional leads.',
    );
    const info = await screen.findByText(/This was your last credit/);
    const success = screen.getByText(/Lead contact details unlocked/);
    expect(success.compareDocumentPosition(info) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('closes a toast 1,000 ms after the mouse leaves it, not after the rest of its 5 s', async () => {
    renderApp();
    notify.error('Failed to load leads. Please try again later.');
    const toast = (
      await screen.findByText('Failed to load leads. Please try again later.')
    ).closest('.Toastify__toast');
    if (!toast) throw new Error('no toast element');
    const timer = () =>
      toast.querySelector<HTMLElement>('[role="progressbar"]')?.style.animationDuration;
    expect(timer()).toBe('5000ms');
    fireEvent.mouseOver(toast);
    fireEvent.mouseOut(toast, { relatedTarget: document.body });
    await vi.waitFor(() => expect(timer()).toBe('1000ms'));
  });
});
