import type { Actor } from '../../platform/authenticate.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFoundError } from '../../platform/errors.js';
import { canReviewHomework } from './policy.js';
import { assignmentFor, legacySubmissions } from './repository.js';
import type { HomeworkService } from './service.js';

/** A submission as the old calls know it (platform-core.md section 3): grade '' while pending. */
export interface LegacySubmission {
  id: number;
  studentId: string;
  studentName: string;
  courseId: string;
  courseTitle: string;
  lectureId: string;
  lectureTitle: string;
  code: string;
  grade: string;
  feedback: string;
  submittedAt: string;
}

function legacyView(r: Awaited<ReturnType<typeof legacySubmissions>>[number]): LegacySubmission {
  return {
    id: Number(r.id),
    studentId: r.student_id,
    studentName: r.student_name,
    courseId: r.course_id,
    courseTitle: r.course_title,
    lectureId: r.lecture_id,
    lectureTitle: r.lecture_title,
    code: r.code,
    grade: r.grade ?? '',
    feedback: r.feedback ?? '',
    submittedAt: r.submitted_at,
  };
}

/** get_submissions.php, add_submission.php and grade_submission.php over the same service and rules. */
export class LegacyHomework {
  constructor(
    private readonly deps: AppDeps,
    private readonly service: HomeworkService,
  ) {}

  async list(actor: Actor): Promise<LegacySubmission[]> {
    const rows = await legacySubmissions(this.deps.db, canReviewHomework(actor) ? {} : { studentId: actor.id });
    return rows.map(legacyView);
  }

  private async one(id: number): Promise<LegacySubmission> {
    const row = (await legacySubmissions(this.deps.db, { id }))[0];
    if (!row) throw notFoundError('Submission not found');
    return legacyView(row);
  }

  /** The old client names only the lecture: the answer goes to its first homework task unless taskIndex says. */
  async add(actor: Actor, req: { lectureId: string; code: string; taskIndex?: number }): Promise<LegacySubmission> {
    let taskIndex = req.taskIndex;
    if (taskIndex === undefined) {
      const tasks = (await assignmentFor(this.deps.db, req.lectureId))?.tasks ?? [];
      taskIndex = Math.max(
        0,
        tasks.findIndex((t) => t.type === 'homework'),
      );
    }
    const created = await this.service.submit(actor, { lectureId: req.lectureId, taskIndex, code: req.code });
    return this.one(created.id);
  }

  async grade(
    actor: Actor,
    req: { submissionId: number; grade: 'A' | 'B' | 'C' | 'D' | 'F'; feedback: string },
  ): Promise<LegacySubmission> {
    await this.service.grade(actor, req.submissionId, { grade: req.grade, feedback: req.feedback });
    return this.one(req.submissionId);
  }
}
