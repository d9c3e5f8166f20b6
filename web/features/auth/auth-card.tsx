import type { ReactNode } from 'react';
import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** The frame of the screens before sign-in: brand, title, a card with the form. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Box w="100%" maw={420}>
        <Stack gap="lg">
          <Anchor component={Link} to={paths.home} underline="never" c="inherit" ta="center">
            <Text fw={800} size="xl" c="brand.7">
              TableFlow
            </Text>
          </Anchor>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="md">
              <div>
                <Title order={1} size="h2">
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" size="sm" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Center>
  );
}
