import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { modalProps, warningTitle } from './ui';

export interface ShownPassword {
  title: string;
  name: string;
  email: string;
  password: string;
}

/**
 * Shows a generated password once (spec 3: passwords are returned only at creation or reset), with a copy
 * button whose confirmation lasts 2 s (spec 9). Closing needs the button, so a stray click cannot lose it.
 */
export function PasswordDialog({ shown, onClose }: { shown: ShownPassword | null; onClose: () => void }) {
  return (
    <Modal {...modalProps} opened={shown !== null} onClose={onClose} title={shown?.title} centered closeOnClickOutside={false}>
      {shown && (
        <Stack gap="md">
          <div>
            <Text size="sm" c="gray.7">
              Account
            </Text>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {shown.name}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="shown-email">
              {shown.email}
            </Text>
          </div>
          <div>
            <Text size="sm" c="gray.7" id="shown-password-label">
              Password
            </Text>
            <Group gap="sm" wrap="nowrap">
              <Code
                fz="lg"
                px="sm"
                py={4}
                aria-labelledby="shown-password-label"
                data-testid="shown-password"
                style={{ userSelect: 'all' }}
              >
                {shown.password}
              </Code>
              <CopyButton value={shown.password} timeout={2000}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant={copied ? 'filled' : 'outline'}
                    color={copied ? 'teal.9' : 'blue.9'}
                    leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                    onClick={copy}
                  >
                    {copied ? 'Copied' : 'Copy password'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </div>
          <Alert color="yellow" variant="light" styles={warningTitle} icon={<IconAlertTriangle aria-hidden />} title="Shown only once">
            <Text size="sm" c="gray.9">
              This password will not be shown again. Copy it now and share it privately with its owner.
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
