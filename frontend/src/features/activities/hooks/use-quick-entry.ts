import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useBillableByDefault } from '../api/project-billing';
import { useRecentProjectIds } from '../api/recent-projects';
import { type BillingValue, billingBody } from '../components/BillingFields';
import { useShortcuts } from './use-shortcuts';
import { useTimerControl } from './use-timer-control';

/**
 * The quick-entry bar's state: what is typed, the project (the last used one until another is
 * picked), billable (the project's default until changed) and tags, Start (Enter) — which saves a
 * running timer first, as Toggl does — and the shortcuts: `n` to the text field, `s` to start or
 * stop, `?` for the list of shortcuts.
 */
export function useQuickEntry() {
  const timer = useTimerControl();
  const runningProject = timer.running?.projectId;
  const recentIds = useRecentProjectIds(runningProject);
  const [activity, setActivity] = useState('');
  const [chosen, setProjectId] = useState<string | undefined>();
  const projectId = chosen ?? recentIds[0];
  const [billing, setBillingValue] = useState<BillingValue>({ billable: null, tags: [] });
  const billableByDefault = useBillableByDefault(projectId);
  const [helpOpen, setHelpOpen] = useState(false);
  const taskRef = useRef<HTMLInputElement>(null);
  const projectRef = useRef<HTMLInputElement>(null);

  // A timer started elsewhere makes its project the bar's.
  useEffect(() => {
    if (runningProject) setProjectId(runningProject);
  }, [runningProject]);
  // Another project brings its own billable default.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the project changes, on purpose
  useEffect(() => setBillingValue((b) => ({ ...b, billable: null })), [projectId]);
  const setBilling = (patch: Partial<BillingValue>) => setBillingValue((b) => ({ ...b, ...patch }));

  const start = async () => {
    if (!projectId) {
      projectRef.current?.focus();
    }
    await timer.start({ projectId, activity, ...billingBody(billing) }, () => {
      setActivity('');
      setBillingValue({ billable: null, tags: [] });
    });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void start();
  };

  useShortcuts({
    newEntry: () => taskRef.current?.focus(),
    startStop: () => {
      if (timer.running) void timer.stop();
      else if (projectId) void start();
      else taskRef.current?.focus();
    },
    help: () => setHelpOpen(true),
  });

  return {
    timer,
    recentIds,
    activity,
    setActivity,
    projectId,
    setProjectId,
    billing,
    setBilling,
    billableByDefault,
    onSubmit,
    taskRef,
    projectRef,
    helpOpen,
    setHelpOpen,
  };
}
