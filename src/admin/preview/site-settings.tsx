/**
 * site.yaml as the CMS holds it, drawn as the frame every page shares: the header with its menu
 * and the footer with its links, by the site's own components. The legal pages' links follow
 * from content/legal/ and the News link from the posts, as the build adds them; {year} is this year.
 */
import { SiteFooter } from '../../../templates/sections/SiteFooter.tsx';
import { SiteHeader } from '../../../templates/sections/SiteHeader.tsx';
import { YEAR_PLACEHOLDER } from '../../site/build-year.ts';
import { type PreviewData, previewImage, sitePath } from './data.ts';
import { type Fields, fieldsOf, items, linkOf, text } from './section-fields.ts';

export function SiteSettingsPreview({ data, entry }: { data: PreviewData; entry: Fields }) {
  const nav = fieldsOf(entry.nav);
  const footer = fieldsOf(entry.footer);
  const logo = previewImage(data, text(fieldsOf(entry.logo).src));
  const links = (value: unknown) => items(value).map((link) => linkOf(data, link));
  const quickLinks = links(footer.quickLinks);
  const news = data.entries.news;
  const newsHeading = text(fieldsOf(entry.news).heading);
  if (news && news.posts.length > 0 && newsHeading && !quickLinks.some((link) => link.href === news.href))
    quickLinks.push({ label: newsHeading, href: news.href });
  const home = sitePath(data, '/');
  const name = text(entry.name);
  return (
    <>
      <SiteHeader
        name={name}
        homeHref={home}
        logo={logo}
        nav={{ label: text(nav.label), menuLabel: text(nav.menuLabel), links: links(nav.links) }}
      />
      <main id="main" className="container">
        <p>{text(entry.description)}</p>
      </main>
      <SiteFooter
        name={name}
        homeHref={home}
        logo={logo}
        tagline={text(footer.tagline)}
        quickLinks={{ heading: text(footer.quickLinksHeading), links: quickLinks }}
        legalLinks={{ heading: text(footer.legalHeading), links: data.entries.legal }}
        copyright={text(footer.copyright).replaceAll(YEAR_PLACEHOLDER, String(new Date().getUTCFullYear()))}
      />
    </>
  );
}
