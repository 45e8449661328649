import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from './MenuButton';

function setup() {
  const edit = vi.fn();
  const remove = vi.fn();
  render(
    <MenuButton
      label="More actions for Review"
      items={[
        { label: 'Mark billable', onSelect: vi.fn(), disabled: false },
        { label: 'Edit', onSelect: edit },
        { label: 'Delete', onSelect: remove, danger: true },
      ]}
    />,
  );
  return { edit, remove, button: screen.getByRole('button', { name: 'More actions for Review' }) };
}

describe('the menu button of a row’s actions', () => {
  it('opens a menu with the focus on its first item; arrows move round, Home and End jump', async () => {
    const user = userEvent.setup();
    const { button } = setup();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'More actions for Review' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Mark billable' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Mark billable' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Mark billable' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  });

  it('Escape closes it and hands the focus back to the button; Enter on an item chooses it', async () => {
    const user = userEvent.setup();
    const { button, edit, remove } = setup();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(edit).toHaveBeenCalledOnce();
    expect(remove).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes on a click elsewhere without choosing anything', async () => {
    const user = userEvent.setup();
    const { button, edit } = setup();
    await user.click(button);
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(edit).not.toHaveBeenCalled();
  });
});
