import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Times are ISO-8601 text (UTC) on both engines, so they sort and
 * compare the same way in SQLite and PostgreSQL; flags are 0/1 integers.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  role: 'student' | 'guide';
  password_hash: string;
  batch_id: string | null;
  last_login: string | null;
  created_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface BatchesTable {
  id: string;
  name: string;
  created_at: string;
}

export interface CoursesTable {
  id: string;
  prefix: string;
  title: string;
  position: number;
}

export interface LoginThrottleTable {
  /** 'account:<email>' or 'address:<ip>'. */
  key: string;
  failures: number;
  window_started_at: string;
  blocked_until: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  action: string;
  target: string | null;
  details: string | null;
  at: string;
}

export interface LecturesTable {
  id: string;
  course_id: string;
  day: number;
  title: string;
  description: string;
  /** JSON: string[] */
  key_concepts: string;
  /** JSON: QuizQuestion[] (with the answer key) */
  quick_quiz: string;
  /** JSON: ContentBlock[] */
  detailed_content: string;
  /** JSON: ContentBlock[] */
  code_content: string;
  updated_at: string | null;
  updated_by: string | null;
}

export interface AssignmentsTable {
  id: string;
  course_id: string;
  lecture_id: string;
  day: number;
  /** JSON: LessonTask[] including solution and tests — server-side only. */
  tasks: string;
  updated_at: string | null;
  updated_by: string | null;
}

export interface AccessGrantsTable {
  student_id: string;
  lecture_id: string;
  kind: 'explanation' | 'code' | 'assignment';
  granted_by: string | null;
  granted_at: string;
}

export interface LectureCompletionsTable {
  student_id: string;
  lecture_id: string;
  completed_at: string;
}

export interface BadgeAwardsTable {
  student_id: string;
  badge_id: string;
  awarded_at: string;
  /** When the student closed its "Achievement Unlocked!" dialog; null until then. */
  seen_at: Generated<string | null>;
}

export interface HomeworkSubmissionsTable {
  id: Generated<number>;
  student_id: string;
  lecture_id: string;
  course_id: string;
  task_index: number;
  code: string;
  language: 'c' | 'cpp' | 'python';
  submitted_at: string;
  grade: 'A' | 'B' | 'C' | 'D' | 'F' | null;
  feedback: string | null;
  graded_by: string | null;
  graded_at: string | null;
  autograde_status: 'queued' | 'running' | 'done' | 'error' | 'none';
  /** JSON: TestOutcome[] with every test's input/expected/actual (guides only). */
  test_results: string | null;
  proposed_grade: 'A' | 'B' | 'C' | 'D' | 'F' | null;
  passed: number | null;
  total: number | null;
  /** 1 once a newer submission for the same student, lecture and task replaced it (kept as history). */
  superseded: number;
  /** The grader instance holding the grading claim, and until when (ISO); null when nobody grades it. */
  claimed_by: string | null;
  claimed_until: string | null;
}

/** The latest check of a task per student: progress on exercises (issue 13). */
export interface HomeworkChecksTable {
  student_id: string;
  lecture_id: string;
  course_id: string;
  task_index: number;
  /** JSON: boolean[] pass/fail per test, in test order. */
  results: string;
  passed: number;
  total: number;
  checked_at: string;
  /** The first time every test passed; kept once set. */
  solved_at: string | null;
}

/** AI explanations answered per UTC day (YYYY-MM-DD), and how many of them came from the cache. */
export interface ExplainUsageTable {
  day: string;
  explanations: Generated<number>;
  cache_hits: Generated<number>;
}

export interface Database {
  explain_usage: ExplainUsageTable;
  homework_submissions: HomeworkSubmissionsTable;
  homework_checks: HomeworkChecksTable;
  lectures: LecturesTable;
  assignments: AssignmentsTable;
  access_grants: AccessGrantsTable;
  lecture_completions: LectureCompletionsTable;
  badge_awards: BadgeAwardsTable;
  users: UsersTable;
  sessions: SessionsTable;
  batches: BatchesTable;
  courses: CoursesTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
  job_leases: JobLeasesTable;
  exams: ExamsTable;
  exam_attempts: ExamAttemptsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_images: ChatImagesTable;
  chat_reads: ChatReadsTable;
  chat_clears: ChatClearsTable;
  similarity_runs: SimilarityRunsTable;
  similarity_pairs: SimilarityPairsTable;
  similarity_reviews: SimilarityReviewsTable;
  similarity_settings: SimilaritySettingsTable;
}

export interface ChatConversationsTable {
  student_id: string;
  last_message_at: string;
}

/** The re-encoded JPEG of a chat image, by the random name its message refers to. */
export interface ChatImagesTable {
  name: string;
  data: Buffer;
  created_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  student_id: string;
  author_id: string;
  text: string;
  image: string | null;
  created_at: string;
}

export interface ChatReadsTable {
  student_id: string;
  reader_id: string;
  last_read_id: number;
}

export interface ChatClearsTable {
  student_id: string;
  user_id: string;
  cleared_id: number;
  cleared_at: string;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

export interface ExamsTable {
  id: string;
  course_id: string;
  week: number;
  title: string;
  duration_minutes: number;
  questions: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface ExamAttemptsTable {
  id: Generated<number>;
  exam_id: string;
  student_id: string;
  course_id: string;
  status: 'in-progress' | 'submitted' | 'graded';
  started_at: string;
  deadline_at: string;
  submitted_at: string | null;
  submitted_by: 'student' | 'timer' | 'server' | null;
  save_seq: Generated<number>;
  saved_at: string | null;
  answers: string;
  auto_points: string | null;
  tests: string | null;
  scores: string | null;
  grade: number | null;
  max_grade: number;
  feedback: string | null;
  graded_by: string | null;
  graded_at: string | null;
}

/** A comparison of one scope (issue 30): 'homework:<lecture>:<task>' or 'exam:<exam>:<question>'. */
export interface SimilarityRunsTable {
  scope: string;
  course_id: string;
  status: 'queued' | 'running' | 'done' | 'error';
  done: number;
  total: number;
  submissions: number;
  /** SHA-256 of what was (or is being) compared: the submissions and the code left out. */
  signature: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  requested_at: string;
  finished_at: string | null;
  error: string | null;
  /** Dolos' suggested cut-off for the last finished comparison (migration 013), 0..1, or null. */
  suggested: number | null;
}

export interface SimilarityPairsTable {
  id: Generated<number>;
  scope: string;
  left_student: string;
  right_student: string;
  /** Homework submission ids or exam attempt ids. */
  left_ref: number;
  right_ref: number;
  similarity: number;
  longest: number;
  longest_share: number;
}

/** Students in id order (left < right). */
export interface SimilarityReviewsTable {
  scope: string;
  left_student: string;
  right_student: string;
  note: string;
  reviewed_by: string;
  reviewed_at: string;
}

export interface SimilaritySettingsTable {
  course_id: string;
  threshold: number;
}
