import { SimpleGrid, Stack } from '@mantine/core';
import type { Analytics } from '../api/analytics';
import { BarChart } from './bar-chart';

/** The charts (loaded lazily): completion per lecture, grade distributions, weekly activity. */
export default function AnalyticsCharts({ data }: { data: Analytics }) {
  return (
    <Stack gap="xl">
      <BarChart
        title="Completions per lecture"
        itemLabel="Lecture"
        valueLabel="Completions"
        empty="No lecture has been completed yet."
        bars={data.completionPerLecture.map((l) => ({ label: `Day ${l.day}`, value: l.completions }))}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <BarChart
          title="Homework grades"
          itemLabel="Grade"
          valueLabel="Submissions"
          empty="No homework has been graded yet."
          color="green.9"
          bars={data.homeworkGrades.map((g) => ({ label: g.grade, value: g.count }))}
        />
        <BarChart
          title="Exam scores (%)"
          itemLabel="Score band (%)"
          valueLabel="Graded exams"
          empty="No exam has been graded yet."
          color="grape.9"
          bars={data.examScoreBands.map((b) => ({ label: b.band, value: b.count }))}
        />
      </SimpleGrid>
      <BarChart
        title="Weekly activity (lectures completed, homework and exams submitted)"
        itemLabel="Week starting (month-day)"
        valueLabel="Actions"
        empty="No activity in these weeks yet."
        color="orange.9"
        bars={data.weeklyActivity.map((w) => ({ label: w.weekStart.slice(5), value: w.completions + w.submissions + w.examSubmissions }))}
      />
    </Stack>
  );
}
