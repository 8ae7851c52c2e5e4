import { Box, SimpleGrid, Text } from '@mantine/core';
import type { SimilarityPairDetail, SimilarityRegion } from '@learn/shared';

/** Rows (0-based) inside any of the regions. */
function matchedRows(regions: SimilarityRegion[]): Set<number> {
  const rows = new Set<number>();
  for (const r of regions) for (let row = r.startRow; row <= r.endRow; row++) rows.add(row);
  return rows;
}

function Program({ title, code, matched }: { title: string; code: string; matched: Set<number> }) {
  const lines = code.replace(/\n$/, '').split('\n');
  return (
    <Box>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <Box
        component="pre"
        aria-label={`Code of ${title}`}
        tabIndex={0}
        m={0}
        p="xs"
        bg="gray.0"
        style={{ overflowX: 'auto', fontSize: 13, lineHeight: 1.45, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
      >
        {lines.map((line, i) => {
          const hit = matched.has(i);
          return (
            <div key={i} style={hit ? { background: '#ffe8a3', color: '#1a1a1a' } : undefined}>
              <span aria-hidden style={{ display: 'inline-block', width: '3ch', color: '#5c5f66', userSelect: 'none' }}>
                {i + 1}
              </span>{' '}
              {hit ? <mark style={{ background: 'transparent', color: 'inherit' }}>{line}</mark> : line}
            </div>
          );
        })}
      </Box>
    </Box>
  );
}

/** Both programs side by side (stacked on a phone); the matching parts are highlighted in each. */
export function SideBySide({ pair }: { pair: SimilarityPairDetail }) {
  return (
    <Box>
      <Text size="sm" c="gray.7" mb="xs">
        Highlighted lines match the other program ({pair.fragments.length} matching {pair.fragments.length === 1 ? 'part' : 'parts'}); the
        starter code and the lesson&apos;s examples are not counted.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Program title={pair.left.studentName} code={pair.leftCode} matched={matchedRows(pair.fragments.map((f) => f.left))} />
        <Program title={pair.right.studentName} code={pair.rightCode} matched={matchedRows(pair.fragments.map((f) => f.right))} />
      </SimpleGrid>
    </Box>
  );
}
