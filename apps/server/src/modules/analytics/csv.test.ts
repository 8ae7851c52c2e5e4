import { describe, expect, it } from 'vitest';
import { parseCsv, type AnalyticsResult } from '@learn/shared';
import { analyticsCsv } from './csv.js';

const figures: AnalyticsResult & { inactiveCount: number } = {
  courseId: 'course_x',
  courseTitle: 'C, "the hard way"',
  batchId: null,
  lectureCount: 2,
  totalEnrollment: 2,
  avgCompletion: 50,
  avgExamScore: null,
  gradedExamCount: 0,
  atRiskStudents: [{ id: 'u1', name: '=HYPERLINK("http://x","y")', completion: 0 }],
  difficultLectures: [{ lectureId: 'l1', title: 'Pointers\nand arrays', day: 1, completions: 0 }],
  inactiveStudents: [{ id: 'u2', name: 'Zoë 李', lastActiveAt: null }],
  completionPerLecture: [],
  homeworkGrades: [{ grade: 'A', count: 1 }],
  examScoreBands: [],
  weeklyActivity: [],
  inactiveCount: 1,
};

describe('analytics CSV export', () => {
  it('escapes a name starting with =, and commas, quotes, line breaks and UTF-8 survive the round trip', () => {
    const csv = analyticsCsv(figures);
    expect(csv).toContain(`at-risk (% complete),"'=HYPERLINK(""http://x"",""y"")",0\r\n`);
    const rows = parseCsv(csv).map((r) => r.cells);
    expect(rows[0]).toEqual(['section', 'label', 'value']);
    expect(rows).toContainEqual(['summary', 'Course', 'C, "the hard way"']);
    expect(rows).toContainEqual(['summary', 'Average Exam Score (%)', '']);
    expect(rows).toContainEqual(['at-risk (% complete)', `'=HYPERLINK("http://x","y")`, '0']);
    expect(rows).toContainEqual(['most difficult (completions)', 'Day 1: Pointers\nand arrays', '0']);
    expect(rows).toContainEqual(['inactive (last active)', 'Zoë 李', 'never']);
    expect(rows.every((r) => r.length === 3)).toBe(true);
  });
});
