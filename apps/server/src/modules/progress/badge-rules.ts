/**
 * When lecture completion earns a badge (platform-core.md sections 3 and 4). Pure: the caller counts.
 * badge_01 First Steps: the first completed lecture. badge_04 / badge_05: every lecture of the C / C++ course.
 */
export const graduateBadgeOfCourse: Record<string, string> = { course_c_01: 'badge_04', course_cpp_01: 'badge_05' };

export function badgesForCompletion(facts: {
  totalCompleted: number;
  courseId: string;
  courseCompleted: number;
  courseLectures: number;
}): string[] {
  const earned: string[] = [];
  if (facts.totalCompleted >= 1) earned.push('badge_01');
  const graduate = graduateBadgeOfCourse[facts.courseId];
  if (graduate && facts.courseLectures > 0 && facts.courseCompleted >= facts.courseLectures) earned.push(graduate);
  return earned;
}
