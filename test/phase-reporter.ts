import type { Reporter, TestModule } from 'vitest/node';

/**
 * Tells the process that started Vitest (`scripts/test.ts`, over its IPC channel) when the first
 * file of the `alone` project starts: the files before it keep both cores busy; from then on, one
 * file at a time leaves room for the checks of the Lambda bundles at a low priority. Without an
 * IPC channel (Vitest started by hand) it does nothing.
 */
export default class PhaseReporter implements Reporter {
  private told = false;

  onTestModuleStart(testModule: TestModule) {
    if (this.told || testModule.project.name !== 'alone' || !process.send) return;
    this.told = true;
    process.send({ phase: 'alone' });
  }
}
