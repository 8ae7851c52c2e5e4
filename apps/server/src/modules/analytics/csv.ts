import { toCsv, type AnalyticsResult, type CsvValue } from '@learn/shared';

/** The figures as CSV: one "section,label,value" row per figure (quoting and formula escaping: `toCsv`). */
export function analyticsCsv(a: AnalyticsResult & { inactiveCount: number }): string {
  const rows: CsvValue[][] = [['section', 'label', 'value']];
  rows.push(['summary', 'Course', a.courseTitle], ['summary', 'Batch', a.batchId ?? 'All batches']);
  rows.push(['summary', 'Total Enrollment', a.totalEnrollment], ['summary', 'Overall Completion (%)', a.avgCompletion]);
  rows.push(['summary', 'Average Exam Score (%)', a.avgExamScore], ['summary', 'Graded exams', a.gradedExamCount]);
  rows.push(['summary', 'Inactive for 7 days', a.inactiveCount]);
  for (const s of a.atRiskStudents) rows.push(['at-risk (% complete)', s.name, s.completion]);
  for (const l of a.difficultLectures) rows.push(['most difficult (completions)', `Day ${l.day}: ${l.title}`, l.completions]);
  for (const l of a.completionPerLecture) rows.push(['completions per lecture', `Day ${l.day}: ${l.title}`, l.completions]);
  for (const g of a.homeworkGrades) rows.push(['homework grades', g.grade, g.count]);
  for (const b of a.examScoreBands) rows.push(['exam scores (%)', b.band, b.count]);
  for (const w of a.weeklyActivity) {
    rows.push(['weekly lecture completions', w.weekStart, w.completions], ['weekly homework submissions', w.weekStart, w.submissions]);
    rows.push(['weekly exam submissions', w.weekStart, w.examSubmissions]);
  }
  for (const s of a.inactiveStudents) rows.push(['inactive (last active)', s.name, s.lastActiveAt ?? 'never']);
  return toCsv(rows);
}
