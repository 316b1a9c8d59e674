import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ARTICLE_TEXT as T } from './article-strings';
import './article.css';

/** The frame of the public article pages: the brand linking to /artikel, then a calm reading column. */
export function PublicArticleLayout({ children, width = 720 }: { children: ReactNode; width?: number }) {
  return (
    <Box className="sapa-article-page">
      <Box component="header" className="sapa-article-header">
        <Container size={width} py="sm" px={{ base: 'md', sm: 'lg' }}>
          <Group justify="space-between" wrap="nowrap">
            <Link to="/artikel" className="sapa-logo-link" aria-label={T.homeLabel}>
              <BrandLogo size={28} />
            </Link>
            <Anchor component={Link} to="/artikel" size="sm" fw={600} c="brand.8">
              {T.allArticles}
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Container component="main" size={width} py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
        {children}
      </Container>
    </Box>
  );
}
