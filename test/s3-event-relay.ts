import { createServer, type Server } from 'node:http';
import type { LocalS3Event } from '../infra/local/s3';

/**
 * The local S3 server's event notifications, from the test run's one server (started by
 * `global-setup.ts`, in vitest's main process) to the test files (each in a worker of its own, with
 * buckets of its own): events are kept by bucket until a file takes its own (`s3-events.ts`).
 */

/** Keeps events by bucket and answers `GET /events/<bucket>` with those not taken yet (JSON). */
export async function startEventRelay(): Promise<{
  endpoint: string;
  listener: (event: LocalS3Event) => void;
  stop: () => Promise<void>;
}> {
  const kept = new Map<string, LocalS3Event[]>();
  const server: Server = createServer((request, response) => {
    const bucket = decodeURIComponent((request.url ?? '').replace(/^\/events\//, ''));
    const events = kept.get(bucket) ?? [];
    kept.delete(bucket);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(events));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    listener: (event) => {
      for (const record of event.Records ?? []) {
        const bucket = record.s3?.bucket?.name ?? '';
        kept.set(bucket, [...(kept.get(bucket) ?? []), { Records: [record] }]);
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
