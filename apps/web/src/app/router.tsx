import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter, Navigate, RouterProvider, useLocation, useParams } from 'react-router-dom';
import { isCoursePrefix, type Role } from '@learn/shared';
import { useAuth } from '../lib/auth';
import { PageLoader, usePrefix } from '../lib/course-prefix';
import { homePath, pages } from './routes';

import LandingPage from '../features/landing/landing-page';
const LoginPage = lazy(() => import('../features/auth/login-page'));
const AppLayout = lazy(() => import('./layout/app-layout'));
const PlaceholderPage = lazy(() => import('../features/placeholder/placeholder-page'));
const StudentHome = lazy(() => import('../features/dashboard/student-home'));
const GuideHome = lazy(() => import('../features/dashboard/guide-home'));
const LecturePage = lazy(() => import('../features/lectures/lecture-page'));
const ManageLecturesPage = lazy(() => import('../features/manage-lectures/manage-lectures-page'));
const ManageAssignmentsPage = lazy(() => import('../features/manage-assignments/manage-assignments-page'));
const ManageStudentsPage = lazy(() => import('../features/students/manage-students-page'));
const ManageMatesPage = lazy(() => import('../features/mates/manage-mates-page'));
const ManageBatchesPage = lazy(() => import('../features/batches/manage-batches-page'));
const CourseAccessPage = lazy(() => import('../features/course-access/course-access-page'));
const StudentProgressPage = lazy(() => import('../features/student-progress/student-progress-page'));
const AssignmentsPage = lazy(() => import('../features/assignments/assignments-page'));
const ExamsPage = lazy(() => import('../features/exams/exams-page'));
const ExamPage = lazy(() => import('../features/exams/exam-page'));
const ManageExamsPage = lazy(() => import('../features/manage-exams/manage-exams-page'));
const GradeExamsPage = lazy(() => import('../features/grade-exams/grade-exams-page'));
const AnalyticsPage = lazy(() => import('../features/analytics/analytics-page'));
const SimilarSubmissionsPage = lazy(() => import('../features/similarity/similar-submissions-page'));

/** /{prefix}/*: an unknown prefix goes to the landing page, a visitor with no session to the login. */
function CourseArea() {
  const { prefix } = useParams();
  const { user } = useAuth();
  const location = useLocation();
  if (!isCoursePrefix(prefix)) return <Navigate to="/" replace />;
  if (user === undefined) return <PageLoader />;
  if (!user) return <Navigate to={`/${prefix}/login`} replace state={{ from: location.pathname }} />;
  return (
    <Suspense fallback={<PageLoader />}>
      <AppLayout />
    </Suspense>
  );
}

/** The login screen; a signed-in user (already, or just now) goes to their home, replacing history. */
export function LoginRoute() {
  const { prefix } = useParams();
  const { user } = useAuth();
  if (!isCoursePrefix(prefix)) return <Navigate to="/" replace />;
  if (user === undefined) return <PageLoader />;
  if (user) return <Navigate to={homePath(prefix, user.role)} replace />;
  return <LoginPage prefix={prefix} />;
}

/** The course root sends each role to its home. */
function RoleHome() {
  const prefix = usePrefix();
  const { user } = useAuth();
  return <Navigate to={homePath(prefix, user!.role)} replace />;
}

/** A page only some roles may open; others go to their own home (the server refuses their calls anyway). */
function RoleGate({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const prefix = usePrefix();
  const { user } = useAuth();
  if (!user || !roles.includes(user.role)) return <Navigate to={homePath(prefix, user?.role ?? 'student')} replace />;
  return <>{children}</>;
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}

/** The page of each route segment; a segment not listed yet renders its title until its work lands. */
const routeElements: Partial<Record<string, ReactNode>> = {
  student: <StudentHome />,
  guide: <GuideHome />,
  lecture: <LecturePage />,
  'manage-lectures': <ManageLecturesPage />,
  'manage-homework': <ManageAssignmentsPage />,
  'manage-students': <ManageStudentsPage />,
  'manage-guides': <ManageMatesPage />,
  'manage-batches': <ManageBatchesPage />,
  'manage-course': <CourseAccessPage />,
  'student-progress': <StudentProgressPage />,
  assignments: <AssignmentsPage />,
  exams: <ExamsPage />,
  exam: <ExamPage />,
  'manage-exams': <ManageExamsPage />,
  'grade-exams': <GradeExamsPage />,
  analytics: <AnalyticsPage />,
  similar: <SimilarSubmissionsPage />,
};

function pagePath(segment: string) {
  if (segment === 'lecture') return 'lecture/:dayId';
  if (segment === 'exam') return 'exam/:examId';
  return segment;
}

export const router = createHashRouter([
  {
    path: '/',
    element: (
      <Lazy>
        <LandingPage />
      </Lazy>
    ),
  },
  {
    path: '/:prefix/login',
    element: (
      <Lazy>
        <LoginRoute />
      </Lazy>
    ),
  },
  {
    path: '/:prefix',
    element: <CourseArea />,
    children: [
      { index: true, element: <RoleHome /> },
      ...pages.map((p) => ({
        path: pagePath(p.segment),
        element: (
          <RoleGate roles={p.roles}>
            <Lazy>{routeElements[p.segment] ?? <PlaceholderPage label={p.label} />}</Lazy>
          </RoleGate>
        ),
      })),
      { path: '*', element: <UnknownCoursePath /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);

function UnknownCoursePath() {
  const prefix = usePrefix();
  return <Navigate to={`/${prefix}/`} replace />;
}

export function AppRouter() {
  return <RouterProvider router={router} />;
}
