import { describe, expect, it } from 'vitest';
import { toFinanceActivity, toProject, toTimeActivity } from './responses';

const project = {
  projectId: 'P1',
  userId: 'u',
  name: 'Web',
  description: '',
  enableEmbedding: false,
  totalMs: 4_033_000,
  totalIncomeCents: 1230,
  totalExpensesCents: 1,
  hourlyRateCents: 3333,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('response shapes', () => {
  it('shows project money as decimals exact to the cent and the tracked time in ms as totalHours', () => {
    expect(toProject(project)).toEqual({
      _id: 'P1',
      userId: 'u',
      name: 'Web',
      description: '',
      enableEmbedding: false,
      totalHours: 4_033_000,
      totalIncome: 12.3,
      totalExpenses: 0.01,
      profitLoss: 12.29,
      hourlyRate: 33.33,
      // 1:07:13 at 33.33 an hour is 3,733.886 cents, rounded half up.
      trackedValue: 37.34,
      budget: null,
      targetHourlyRate: null,
      budgetUsed: null,
      budgetPercent: null,
      // 12.29 earned in 1:07:13 is 10.9705… an hour.
      rateFloor: { earnedPerHour: 10.97, hoursLeft: null },
      clientId: null,
      billableByDefault: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(toProject({ ...project, hourlyRateCents: null })).toMatchObject({
      hourlyRate: null,
      trackedValue: null,
    });
    // A project without these fields stored (before clients) has no client and billable time.
    expect(toProject({ ...project, clientId: 'C1', billableByDefault: false })).toMatchObject({
      clientId: 'C1',
      billableByDefault: false,
    });
  });

  it('shows entries under the API’s names, without the stored version or timestamps', () => {
    const base = {
      activityId: 'A1',
      userId: 'u',
      projectId: 'P1',
      task: 'Design',
      subTask: 'Logo',
      date: '2026-03-12T00:00:00.000Z',
      version: 3,
      createdAt: '2026-03-12T09:00:00.000Z',
      updatedAt: '2026-03-12T10:00:00.000Z',
    };
    expect(toTimeActivity({ ...base, startTime: null, endTime: null, duration: 5 })).toEqual({
      _id: 'A1',
      user: 'u',
      projectId: 'P1',
      activity: 'Design',
      description: 'Logo',
      date: '2026-03-12T00:00:00.000Z',
      startTime: null,
      endTime: null,
      duration: 5,
      invoiceId: null,
      billable: true,
      tags: [],
    });
    expect(
      toTimeActivity({
        ...base,
        startTime: null,
        endTime: null,
        duration: 5,
        billable: false,
        tags: ['会議'],
      }),
    ).toMatchObject({ billable: false, tags: ['会議'] });
    expect(toFinanceActivity({ ...base, amountCents: 1999, expense: true, notes: 'n' })).toEqual({
      _id: 'A1',
      user: 'u',
      projectId: 'P1',
      activity: 'Design',
      description: 'Logo',
      date: '2026-03-12T00:00:00.000Z',
      amount: 19.99,
      expense: true,
      notes: 'n',
      // Stored before VAT and categories (release 4): no VAT, and an expense's default category.
      vatAmount: 0,
      category: 'other',
      // Stored before receipts (release 4): none.
      receipts: [],
    });
  });
});
