import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { saveFile } from '../../../lib/save-file';

/**
 * The recovery codes, shown this once: each signs in once without the phone. The user keeps
 * them (copy, download) and says so before going on.
 */
export function RecoveryCodesPanel({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');
  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="status">
        <Text component="span" fw={700} size="sm">
          Save your recovery codes now.
        </Text>{' '}
        If you lose your phone, each of these codes signs you in once. They are shown only now: keep
        them somewhere safe, away from your phone.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" role="list" aria-label="Recovery codes">
        {codes.map((code) => (
          <Code key={code} role="listitem" fz="sm" ta="center" py={6}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group grow>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          onClick={() =>
            saveFile(
              new Blob([`TableFlow recovery codes for ${email}\n\n${text}\n`], {
                type: 'text/plain',
              }),
              'tableflow-recovery-codes.txt',
            )
          }
        >
          Download
        </Button>
      </Group>
      <Checkbox
        label="I have saved these codes"
        checked={saved}
        onChange={(e) => setSaved(e.currentTarget.checked)}
      />
      <Button disabled={!saved} onClick={onDone}>
        Continue
      </Button>
    </Stack>
  );
}
