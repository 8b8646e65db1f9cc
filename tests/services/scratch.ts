import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * Where the service tests keep throw-away databases: memory-backed where the system has it
 * (/dev/shm), so the order and user databases' FULL-sync commits cost no disk flush, as with the
 * in-memory databases these copies replace; else the system's temp folder.
 */
export const SCRATCH = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
