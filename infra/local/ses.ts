import type { Server } from 'node:http';
import sesLocalModule from 'aws-ses-v2-local';

// The package is CommonJS with a `default` export; under Node's ESM loader it arrives wrapped.
const sesLocal = ((sesLocalModule as unknown as { default?: typeof sesLocalModule }).default ??
  sesLocalModule) as typeof sesLocalModule;

export interface LocalSes {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts the local SES (`aws-ses-v2-local`): it accepts the SES API the AWS SDK speaks and keeps
 * every message, readable at `/` and as JSON at `/store`.
 */
export async function startLocalSes(port: number): Promise<LocalSes> {
  const server: Server = await sesLocal({ host: '127.0.0.1', port });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
