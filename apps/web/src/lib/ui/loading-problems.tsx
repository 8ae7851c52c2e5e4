import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { LOADING_WARNING_MS } from '@learn/shared';
import { healthSummary, runApiHealthCheck, type EndpointCheck } from '../connection';

/** True once `loading` has lasted LOADING_WARNING_MS (10 s); false again when loading ends. */
export function useLongLoading(loading: boolean, ms = LOADING_WARNING_MS): boolean {
  const [long, setLong] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const t = setTimeout(() => setLong(true), ms);
    return () => {
      clearTimeout(t);
      setLong(false);
    };
  }, [loading, ms]);
  return loading && long;
}

/** Run API Health Check with its result, the login 404 dialog, Reload Page and the operator links. */
export function HealthCheckActions({ onApplyFallback }: { onApplyFallback?: () => void }) {
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ results: EndpointCheck[]; failed: number } | null>(null);
  const [loginMissing, setLoginMissing] = useState(false);

  async function check() {
    setRunning(true);
    try {
      const r = await runApiHealthCheck();
      setResult(r);
      setLoginMissing(r.loginMissing);
    } finally {
      setRunning(false);
    }
  }

  return (
    <Stack gap="xs" align="flex-start">
      <Group gap="xs">
        {onApplyFallback && (
          <Button size="xs" variant="default" onClick={onApplyFallback}>
            Apply Fallback Data
          </Button>
        )}
        <Button size="xs" variant="default" onClick={() => void check()} loading={running}>
          Run API Health Check
        </Button>
        <Button size="xs" variant="default" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </Group>
      {result && (
        <Alert
          color={result.failed ? 'yellow' : 'blue'}
          variant="light"
          role={result.failed ? 'alert' : 'status'}
          icon={result.failed ? <IconAlertTriangle aria-hidden /> : <IconInfoCircle aria-hidden />}
          title={healthSummary(result.failed, result.results.length)}
          w="100%"
        >
          <List size="sm">
            {result.results.map((r) => (
              <List.Item key={r.name}>
                {r.name}: {r.status === null ? 'no answer' : `HTTP ${r.status}`} in {r.ms} ms
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Text size="xs" c="gray.7">
        For the server operator: <Anchor href="/api/login_diagnostics.php">login diagnostics</Anchor> ·{' '}
        <Anchor href="/dashboard_debug.html">dashboard debug page</Anchor>
      </Text>
      <Modal opened={loginMissing} onClose={() => setLoginMissing(false)} title="Login API Issue Detected">
        <Stack gap="sm">
          <Text size="sm">The sign-in endpoint (login.php) answered 404 Not Found, so signing in will fail until the server is fixed.</Text>
          <Alert color="yellow" variant="light" title="Offline mode">
            You are working in offline mode: what you see may be saved data, and changes cannot be saved.
          </Alert>
          <Button onClick={() => setLoginMissing(false)} variant="default">
            Close
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** After 10 s of loading: 'Dashboard Taking Longer Than Expected' with the three actions. */
export function SlowLoadingInfo({ loading, onApplyFallback }: { loading: boolean; onApplyFallback?: () => void }) {
  const long = useLongLoading(loading);
  if (!long) return null;
  return (
    <Alert color="blue" variant="light" title="Dashboard Taking Longer Than Expected" icon={<IconInfoCircle aria-hidden />} role="status">
      <Stack gap="xs">
        <Text size="sm">The server is slow to answer. You can use saved data, check the server, or reload.</Text>
        <HealthCheckActions onApplyFallback={onApplyFallback} />
      </Stack>
    </Alert>
  );
}
