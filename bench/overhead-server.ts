/**
 * The local API server in a process of its own, for `bench/overhead.ts`: the same
 * `createLocalServer` with the environment its parent passes (table, DynamoDB Local, secret), so
 * the benchmark's HTTP client never shares an event loop with the server, as a browser never
 * shares one with a Lambda instance. Talks to its parent over IPC: `{ listening: port }` once it
 * listens; `{ profile: 'start' }` and `{ profile: 'stop' }` run a CPU profile of this process
 * (answered as `{ profile, servedMs, cpuMs }`: the profile, each request's time from its arrival
 * to the last byte of its answer handed to the socket, and the CPU time the process used between
 * the two); a disconnect ends it.
 */
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLocalServer, listenLocal } from '../infra/local/server';
import { ROOT } from './stack';

export type ServerMessage =
  | { listening: number }
  | { profile: unknown; servedMs: number[]; cpuMs: number }
  | { error: string };
export type ParentMessage = { profile: 'start' | 'stop'; intervalUs?: number };

const send = (message: ServerMessage) => process.send?.(message);

const server = createLocalServer({ app: join(ROOT, 'frontend/dist'), embed: join(ROOT, 'embed/dist') });
const { port } = await listenLocal(server, 0, '127.0.0.1');

let servedMs: number[] = [];
let cpuFrom = process.cpuUsage();
server.prependListener('request', (_req, res) => {
  const t0 = performance.now();
  res.once('finish', () => servedMs.push(performance.now() - t0));
});

// Connected on the first profile only: the server runs without an inspector session until then.
let session: Session | undefined;

process.on('message', (message: ParentMessage) => {
  const run = async () => {
    if (!session) {
      session = new Session();
      session.connect();
    }
    if (message.profile === 'start') {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: message.intervalUs ?? 100 });
      await session.post('Profiler.start');
      servedMs = [];
      cpuFrom = process.cpuUsage();
      send({ profile: null, servedMs, cpuMs: 0 });
    } else {
      const { user, system } = process.cpuUsage(cpuFrom);
      const { profile } = await session.post('Profiler.stop');
      send({ profile, servedMs, cpuMs: (user + system) / 1000 });
    }
  };
  run().catch((error: unknown) => send({ error: String(error) }));
});
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
send({ listening: port });
