import { timerStartSchema } from '../activities';
import { endpoint } from '../endpoint';
import * as r from '../responses';
import { TIME_ENTRY_CHANGE } from '../stale';

/** The running timer. */

export const getTimer = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/timer',
  summary: 'The running timer',
  auth: true,
  tokenScope: 'read',
  answers: { 200: r.timerState },
});

export const startTimer = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/timer',
  summary: 'Start the timer (a running one is saved first)',
  auth: true,
  tokenScope: 'write',
  body: timerStartSchema,
  answers: { 201: r.timerState },
  errors: [404, 409],
  // A running timer is saved first.
  invalidates: ['getTimer', ...TIME_ENTRY_CHANGE],
});

export const stopTimer = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/timer/stop',
  summary: 'Stop the timer and save the entry',
  auth: true,
  tokenScope: 'write',
  answers: { 201: r.timeActivity },
  errors: [404, 409],
  invalidates: ['getTimer', ...TIME_ENTRY_CHANGE],
});

export const pauseTimer = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/timer/pause',
  summary: 'Pause the running timer',
  auth: true,
  tokenScope: 'write',
  answers: { 200: r.timerState },
  errors: [404, 409],
  invalidates: ['getTimer'],
});

export const resumeTimer = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/timer/resume',
  summary: 'Resume the paused timer',
  auth: true,
  tokenScope: 'write',
  answers: { 200: r.timerState },
  errors: [404, 409],
  invalidates: ['getTimer'],
});

export const discardTimer = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/timer',
  summary: 'Discard the running timer',
  auth: true,
  tokenScope: 'write',
  answers: { 204: 'none' },
  invalidates: ['getTimer'],
});
