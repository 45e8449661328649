import type { Project } from '@contract/responses';

/**
 * A project as GET /api/projects answers it: a new project with nothing tracked, no client, no
 * rate and no budget, unless `overrides` says otherwise. Tests name only what matters to them.
 */
export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    _id: 'p1',
    userId: 'u1',
    name: 'Website',
    description: '',
    enableEmbedding: false,
    totalHours: 0,
    totalIncome: 0,
    totalExpenses: 0,
    profitLoss: 0,
    hourlyRate: null,
    trackedValue: null,
    clientId: null,
    billableByDefault: true,
    budget: null,
    targetHourlyRate: null,
    budgetUsed: null,
    budgetPercent: null,
    rateFloor: { earnedPerHour: null, hoursLeft: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
