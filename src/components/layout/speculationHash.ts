import { createHash } from 'node:crypto';
import { SPECULATION_RULES } from '../../domain/navigation/speculation.ts';

/** The CSP hash of the next-pages rules (src/components/layout/nextPages.ts adds them by script). */
export const SPECULATION_RULES_HASH: `sha256-${string}` = `sha256-${createHash('sha256').update(SPECULATION_RULES).digest('base64')}`;
