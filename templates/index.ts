/** The templates' single entry: one component per page kind, and those Markdown bodies use. The generator bundles this file. */
import type { MarkdownComponents, PageComponents } from './api.ts';
import { ContentPage } from './pages/ContentPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { LegalPage } from './pages/LegalPage.tsx';
import { NewsListPage } from './pages/NewsListPage.tsx';
import { NewsPostPage } from './pages/NewsPostPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RedirectPage } from './pages/RedirectPage.tsx';
import { Picture } from './ui/Picture.tsx';

export const pages = {
  home: HomePage,
  legal: LegalPage,
  page: ContentPage,
  'news-list': NewsListPage,
  'news-post': NewsPostPage,
  'not-found': NotFoundPage,
  redirect: RedirectPage,
} satisfies PageComponents;

export const markdown: MarkdownComponents = { picture: Picture };
