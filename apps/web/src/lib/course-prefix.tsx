import { useParams } from 'react-router-dom';
import { Center, Loader } from '@mantine/core';
import { isCoursePrefix, type CoursePrefix } from '@learn/shared';

/** The course prefix of the current route; only valid inside the course area (/{prefix}/*). */
export function usePrefix(): CoursePrefix {
  const { prefix } = useParams();
  return isCoursePrefix(prefix) ? prefix : 'c-cpp';
}

/** What a page shows while its code or its session is loading. */
export function PageLoader() {
  return (
    <Center h="60vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
