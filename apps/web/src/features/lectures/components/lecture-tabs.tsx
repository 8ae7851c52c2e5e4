import { List, Tabs } from '@mantine/core';
import { IconBook, IconBulb, IconCode, IconHelpCircle } from '@tabler/icons-react';
import type { ContentBlock, LectureView } from '@learn/shared';
import { ContentBlocks, RichText, type ExplainAction, type RunCode } from '../../../lib/content-blocks/content-blocks';
import { EmptyText, LockedPanel } from './locked-panel';
import { QuickQuiz } from './quick-quiz';
import classes from './lecture-tabs.module.css';

/** Blocks behind a grant: absent means locked; present but empty is an empty state. */
function Gated({
  blocks,
  empty,
  onRunCode,
  explain,
}: {
  blocks: ContentBlock[] | undefined;
  empty: string;
  onRunCode?: RunCode;
  explain?: ExplainAction;
}) {
  if (blocks === undefined) return <LockedPanel />;
  if (!blocks.length) return <EmptyText>{empty}</EmptyText>;
  return <ContentBlocks blocks={blocks} onRunCode={onRunCode} explain={explain} />;
}

/**
 * The four lecture tabs (platform-core.md section 2, "Lecture page"); arrow keys move between tabs. Code blocks
 * get 'Run in Scratchpad' through `onRunCode` and, for students, 'Explain Code' through `explain`.
 */
export function LectureTabs({ lecture, onRunCode, explain }: { lecture: LectureView; onRunCode?: RunCode; explain?: ExplainAction }) {
  return (
    <Tabs defaultValue="key-concepts" classNames={classes}>
      {/* One row where it fits; two rows of two where it does not (a phone), so no tab is out of sight. */}
      <Tabs.List>
        <Tabs.Tab value="key-concepts" leftSection={<IconBulb size={16} aria-hidden />}>
          Key Concepts
        </Tabs.Tab>
        <Tabs.Tab value="detailed" leftSection={<IconBook size={16} aria-hidden />}>
          Detailed Explanation
        </Tabs.Tab>
        <Tabs.Tab value="code" leftSection={<IconCode size={16} aria-hidden />}>
          Code & Examples
        </Tabs.Tab>
        <Tabs.Tab value="quiz" leftSection={<IconHelpCircle size={16} aria-hidden />}>
          Quick Quiz
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="key-concepts">
        {lecture.keyConcepts.length ? (
          <List spacing="sm" styles={{ itemWrapper: { display: 'inline' } }}>
            {lecture.keyConcepts.map((k, i) => (
              <List.Item key={i} lh={1.6}>
                <RichText text={k} />
              </List.Item>
            ))}
          </List>
        ) : (
          <EmptyText>This lecture has no key concepts yet.</EmptyText>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="detailed">
        <Gated
          blocks={lecture.detailedContent}
          empty="This lecture has no detailed explanation yet."
          onRunCode={onRunCode}
          explain={explain}
        />
      </Tabs.Panel>
      <Tabs.Panel value="code">
        <Gated blocks={lecture.codeContent} empty="This lecture has no code examples." onRunCode={onRunCode} explain={explain} />
      </Tabs.Panel>
      <Tabs.Panel value="quiz">
        <QuickQuiz lectureId={lecture.id} questions={lecture.quickQuiz} />
      </Tabs.Panel>
    </Tabs>
  );
}
