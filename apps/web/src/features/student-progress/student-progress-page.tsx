import PlaceholderPage from '../placeholder/placeholder-page';

/** Placeholder until this page is built. */
export default function Page() {
  return <PlaceholderPage label="student-progress-page" />;
}
