import type { RouteObject } from 'react-router-dom';
import { ROUTES, routePath } from '../lib/paths';

/**
 * Signed-in routes of the tracking features (projects, activities, dashboard). The app router
 * mounts these inside the signed-in layout.
 *
 * Each route is its own lazy chunk, and this is the one place that composes features (features never
 * import each other): the entry forms get the projects feature's picker, the details page gets the
 * charts and the activity lists, the dashboard gets its charts, budgets and tax card.
 */

const projectsPage = async () => {
  const { ProjectsPage } = await import('../features/projects/routes/ProjectsPage');
  return { Component: ProjectsPage };
};

const projectDetailsPage = async () => {
  const [{ ProjectDetailsPage }, { ProjectCharts }, { ProjectActivityLists }] = await Promise.all([
    import('../features/projects/routes/ProjectDetailsPage'),
    import('../features/charts/components/ProjectCharts'),
    import('../features/activities/components/ProjectActivityLists'),
  ]);
  return {
    Component: () => (
      <ProjectDetailsPage
        renderCharts={(projectId) => <ProjectCharts key={projectId} projectId={projectId} />}
        renderActivities={(projectId) => <ProjectActivityLists key={projectId} projectId={projectId} />}
      />
    ),
  };
};

const dashboardPage = async () => {
  const [{ DashboardPage }, { DashboardCharts }, { BudgetOverview }, { TaxCard }] = await Promise.all([
    import('../features/dashboard/routes/DashboardPage'),
    import('../features/charts/components/DashboardCharts'),
    import('../features/projects/components/BudgetOverview'),
    import('../features/tax/components/TaxCard'),
  ]);
  return {
    Component: () => (
      <DashboardPage
        renderCharts={(range) => <DashboardCharts from={range.from} to={range.to} />}
        renderBudgets={() => <BudgetOverview />}
        renderTax={() => <TaxCard />}
      />
    ),
  };
};

const trackTimePage = async () => {
  const [{ TrackTimePage }, { ProjectPicker }] = await Promise.all([
    import('../features/activities/routes/TrackTimePage'),
    import('../features/projects/components/ProjectPicker'),
  ]);
  return { Component: () => <TrackTimePage ProjectPicker={ProjectPicker} /> };
};

const trackFinancePage = (kind: 'income' | 'expense') => async () => {
  const [{ TrackFinancePage }, { ProjectPicker }] = await Promise.all([
    import('../features/activities/routes/TrackFinancePage'),
    import('../features/projects/components/ProjectPicker'),
  ]);
  return { Component: () => <TrackFinancePage ProjectPicker={ProjectPicker} kind={kind} /> };
};

/** Editing an entry: the shared page with the kind's calls and form. */
const editTimePage = async () => {
  const [{ EditEntryPage }, { TIME_ENTRIES }, { TimeActivityForm }, { ProjectPicker }, { useProjects }] =
    await Promise.all([
      import('../features/activities/routes/EditEntryPage'),
      import('../features/activities/api/entries'),
      import('../features/activities/components/TimeActivityForm'),
      import('../features/projects/components/ProjectPicker'),
      import('../features/projects/api/get-projects'),
    ]);
  return {
    Component: () => (
      <EditEntryPage
        kind="time"
        calls={TIME_ENTRIES}
        Form={TimeActivityForm}
        ProjectPicker={ProjectPicker}
        projects={useProjects().data}
      />
    ),
  };
};

const editFinancePage = async () => {
  const [
    { EditEntryPage },
    { FINANCE_ENTRIES },
    { FinanceActivityForm },
    { ProjectPicker },
    { useProjects },
  ] = await Promise.all([
    import('../features/activities/routes/EditEntryPage'),
    import('../features/activities/api/entries'),
    import('../features/activities/components/FinanceActivityForm'),
    import('../features/projects/components/ProjectPicker'),
    import('../features/projects/api/get-projects'),
  ]);
  return {
    Component: () => (
      <EditEntryPage
        kind="finance"
        calls={FINANCE_ENTRIES}
        Form={FinanceActivityForm}
        ProjectPicker={ProjectPicker}
        projects={useProjects().data}
      />
    ),
  };
};

const timesheetPage = async () => {
  const [{ TimesheetPage }, { useProjects }] = await Promise.all([
    import('../features/activities/routes/TimesheetPage'),
    import('../features/projects/api/get-projects'),
  ]);
  return { Component: () => <TimesheetPage projects={useProjects().data} /> };
};

export const trackingRoutes: RouteObject[] = [
  { path: routePath(ROUTES.timesheet), lazy: timesheetPage },
  { path: routePath(ROUTES.dashboard), lazy: dashboardPage },
  { path: routePath(ROUTES.projects), lazy: projectsPage },
  { path: routePath(ROUTES.projectDetails), lazy: projectDetailsPage },
  { path: routePath(ROUTES.trackTime), lazy: trackTimePage },
  { path: routePath(ROUTES.newTimeActivity), lazy: trackTimePage },
  { path: routePath(ROUTES.timeActivity), lazy: editTimePage },
  { path: routePath(ROUTES.trackIncome), lazy: trackFinancePage('income') },
  { path: routePath(ROUTES.newIncomeActivity), lazy: trackFinancePage('income') },
  { path: routePath(ROUTES.trackExpense), lazy: trackFinancePage('expense') },
  { path: routePath(ROUTES.newExpenseActivity), lazy: trackFinancePage('expense') },
  { path: routePath(ROUTES.financeActivity), lazy: editFinancePage },
];
