import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { BrandMark } from './brand-mark';

/**
 * A page outside the signed-in frame (login, password screens, 404): the landing page's cream
 * and logo (a link to the home page) above one card.
 */
export function BrandedPage({
  children,
  width = 440,
}: {
  children: ReactNode;
  /** The card's largest width in px. */
  width?: number;
}) {
  return (
    <Center className="tf-branded" p="md" component="main">
      <Box w="100%" maw={width}>
        <Stack gap="lg" align="stretch">
          <Center>
            <Link to={paths.home} className="tf-logo-link" aria-label="TableFlow home page">
              <BrandMark size={36} />
            </Link>
          </Center>
          <Paper className="tf-card" p={{ base: 'lg', sm: 'xl' }}>
            {children}
          </Paper>
        </Stack>
      </Box>
    </Center>
  );
}
