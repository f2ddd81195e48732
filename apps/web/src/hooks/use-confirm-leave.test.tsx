// The leave-page guard: asks before leaving a dirty form, stays on "Cancel", lets a saved form go.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LEAVE_CONFIRM_TEXT, useConfirmLeave } from './use-confirm-leave';

function EditForm({ dirty }: { dirty: boolean }) {
  const { allowLeave } = useConfirmLeave(dirty);
  const navigate = useNavigate();
  return (
    <>
      <h1>Edit</h1>
      <Link to="/elsewhere">Leave</Link>
      <button
        type="button"
        onClick={() => {
          allowLeave();
          void navigate('/elsewhere');
        }}
      >
        Save
      </button>
    </>
  );
}

function setup(dirty: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <EditForm dirty={dirty} /> },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('useConfirmLeave', () => {
  it('asks before leaving a dirty form and stays when the answer is no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router, user } = setup(true);
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_CONFIRM_TEXT);
    expect(LEAVE_CONFIRM_TEXT).toBe(
      'Are you sure you want to continue? Any unsaved changes will be lost',
    );
    expect(router.state.location.pathname).toBe('/edit');
  });

  it('leaves when the answer is yes', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = setup(true);
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
  });

  it('does not ask for a clean form, nor after allowLeave()', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const clean = setup(false);
    await clean.user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();

    const saved = setup(true);
    await saved.user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await vi.waitFor(() => expect(saved.router.state.location.pathname).toBe('/elsewhere'));
    expect(confirm).not.toHaveBeenCalled();
  });
});
