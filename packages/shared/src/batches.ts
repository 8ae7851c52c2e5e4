import { z } from 'zod';
import { requiredName } from './people.js';

/** Batches: groups of students (platform-core.md section 7). */
export const batchSchema = z.object({ name: requiredName('Batch name') });
export interface BatchRow {
  id: string;
  name: string;
  studentCount: number;
}
