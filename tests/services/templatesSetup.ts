import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SCRATCH } from './scratch.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its seeded template databases (tests/services/serviceTemplates.ts). */
    serviceTemplates: string;
  }
}

/**
 * The service tests' global setup: one folder per run for the seeded template databases, which the
 * test files fill on first use and copy from (serviceTemplates.ts), removed when the run ends. A new
 * run seeds anew, so a change to the seed or a migration is always in the templates.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(SCRATCH, 'bbs-templates-'));
  project.provide('serviceTemplates', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
