import { z } from 'zod';
import { text } from './text.js';

/** Course access: which student may see which part of which lecture (platform-core.md section 6). */
export const accessKinds = ['explanation', 'code', 'assignment'] as const;
export type AccessKind = (typeof accessKinds)[number];

/** GET /api/access?courseId= — the Course Access matrix. */
export interface AccessMatrix {
  courseId: string;
  lectures: { id: string; day: number; title: string }[];
  students: { id: string; name: string; batchId: string | null }[];
  /** kind -> student id -> lecture ids granted. */
  grants: Record<AccessKind, Record<string, string[]>>;
}

/** PUT /api/access: one change set, applied in one transaction. */
export const accessChangeSchema = z.object({
  changes: z
    .array(
      z.object({
        studentId: text().min(1),
        lectureId: text().min(1),
        kind: z.enum(accessKinds),
        granted: z.boolean(),
      }),
    )
    .min(1, 'No changes to apply')
    .max(20_000),
});
export type AccessChange = z.infer<typeof accessChangeSchema>['changes'][number];
