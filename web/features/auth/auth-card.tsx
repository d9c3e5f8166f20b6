import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { BrandedPage } from '../../components/branded-page';

/** The frame of the screens before sign-in: the branded page, a title and the form. */
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
    <BrandedPage>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" c="var(--tf-ink)">
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
    </BrandedPage>
  );
}
