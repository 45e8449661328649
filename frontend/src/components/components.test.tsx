import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { Collapsible } from './Collapsible';
import { ConfirmDialog } from './ConfirmDialog';
import { DateRange } from './DateRange';
import { ToastProvider, useToast } from './Toast';
import { UpgradePrompt, upgradeMessageFor } from './UpgradePrompt';

const UPGRADE_PROJECTS = 'Please upgrade to premium to add more than 3 projects';
const UPGRADE_ITEMS = 'Please upgrade to premium to add more than 125 items';

function DeleteButton({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks "Confirm! Are you sure you want to delete this?" with Cancel and Okay, and gives focus back', async () => {
    const onConfirm = vi.fn();
    render(<DeleteButton onConfirm={onConfirm} />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Delete' });

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Confirm!' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('closes on Escape without confirming', async () => {
    const onConfirm = vi.fn();
    render(<DeleteButton onConfirm={onConfirm} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('UpgradePrompt', () => {
  it('recognises the free-limit errors and leaves other errors alone', () => {
    expect(
      upgradeMessageFor(new ApiError(403, [{ msg: UPGRADE_PROJECTS, code: 'FREE_PROJECT_LIMIT' }])),
    ).toBe(UPGRADE_PROJECTS);
    expect(upgradeMessageFor(new ApiError(403, [{ msg: UPGRADE_ITEMS, code: 'FREE_ITEM_LIMIT' }]))).toBe(
      UPGRADE_ITEMS,
    );
    expect(upgradeMessageFor(new ApiError(400, [{ msg: 'Bad', code: 'VALIDATION' }]))).toBeNull();
    expect(upgradeMessageFor(new Error('offline'))).toBeNull();
  });

  it('shows the limit message with Upgrade going to /subscribe and OK closing it', async () => {
    const onClose = vi.fn();
    const router = createMemoryRouter(
      [
        { path: '/projects', element: <UpgradePrompt open message={UPGRADE_ITEMS} onClose={onClose} /> },
        { path: '/subscribe', element: <h1>Subscribe</h1> },
      ],
      { initialEntries: ['/projects'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();

    expect(screen.getByText('Please upgrade to premium to add more than 125 items')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(router.state.location.pathname).toBe('/subscribe');
  });
});

describe('Toast', () => {
  it('shows a message for the given time and then removes it', async () => {
    vi.useFakeTimers();
    function Show() {
      const toast = useToast();
      return (
        <button type="button" onClick={() => toast.show('Saved', 1500)}>
          Save
        </button>
      );
    }
    render(
      <ToastProvider>
        <Show />
      </ToastProvider>,
    );
    const { act } = await import('@testing-library/react');
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).not.toHaveTextContent('Saved');
    vi.useRealTimers();
  });
});

describe('DateRange and Collapsible', () => {
  it('reports a changed day and ignores an emptied field', async () => {
    const onChange = vi.fn();
    render(<DateRange value={{ from: '2025-01-01', to: '2025-12-31' }} onChange={onChange} />);
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-02-01' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2025-02-01', to: '2025-12-31' });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('shows and hides its content with an aria-expanded toggle', async () => {
    render(
      <Collapsible title="Activities">
        <p>Row 1</p>
      </Collapsible>,
    );
    const toggle = screen.getByRole('button', { name: /Activities/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Row 1')).toBeVisible();
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Row 1')).not.toBeVisible();
  });
});
