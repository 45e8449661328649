import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { buildTaskIndex, subTasksOf, tasksOf } from '../lib/task-suggestions';
import { SuggestInput } from './SuggestInput';

function Harness({ suggestions }: { suggestions: string[] }) {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <SuggestInput label="Task" value={value} onChange={setValue} suggestions={suggestions} />
      <output aria-label="Chosen">{value}</output>
    </form>
  );
}

const EARLIER = ['Design', 'development', 'Admin', 'DEPLOYMENT', 'Meetings'];

describe('task suggestions', () => {
  it('suggests earlier values by case-insensitive prefix from the first typed character', async () => {
    const user = userEvent.setup();
    render(<Harness suggestions={EARLIER} />);
    expect(screen.queryAllByRole('option')).toHaveLength(0);

    await user.type(screen.getByRole('combobox', { name: 'Task' }), 'd');

    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Design',
      'development',
      'DEPLOYMENT',
    ]);
    await user.type(screen.getByRole('combobox', { name: 'Task' }), 'E');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Design',
      'development',
      'DEPLOYMENT',
    ]);
    await user.type(screen.getByRole('combobox', { name: 'Task' }), 'v');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['development']);
  });

  it('moves with ArrowDown/ArrowUp and picks with Enter', async () => {
    const user = userEvent.setup();
    render(<Harness suggestions={EARLIER} />);
    const input = screen.getByRole('combobox', { name: 'Task' });
    await user.type(input, 'de');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'development' })).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'development' }).id,
    );
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(screen.getByRole('option', { name: 'development' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Enter}');

    expect(input).toHaveValue('development');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('picks a suggestion with the mouse', async () => {
    const user = userEvent.setup();
    render(<Harness suggestions={EARLIER} />);
    await user.type(screen.getByRole('combobox', { name: 'Task' }), 'm');
    await user.click(screen.getByRole('option', { name: 'Meetings' }));
    expect(screen.getByRole('combobox', { name: 'Task' })).toHaveValue('Meetings');
  });

  it('builds per-project suggestions from the task list, sub-tasks of the chosen task first', () => {
    const index = buildTaskIndex([
      {
        projectId: 'p1',
        tasks: [
          { activity: 'Design', descriptions: ['Logo', 'Icons'] },
          { activity: 'Admin', descriptions: ['Invoices'] },
        ],
      },
      { projectId: 'p2', tasks: [{ activity: 'Writing', descriptions: [] }] },
    ]);
    expect(tasksOf(index, 'p1')).toEqual(['Design', 'Admin']);
    expect(tasksOf(index, 'p2')).toEqual(['Writing']);
    expect(tasksOf(index, 'p3')).toEqual([]);
    expect(subTasksOf(index, 'p1', 'admin')).toEqual(['Invoices', 'Logo', 'Icons']);
  });
});
