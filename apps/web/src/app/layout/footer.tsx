import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { LogoMark } from './logo';
import { FOOTER_PLATFORM_LINKS, FOOTER_SUPPORT_LINKS } from './nav-links';

const linkClass = 'text-sm text-muted-foreground transition-colors hover:text-foreground';

function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold">
        {title}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="below-fold border-t border-border bg-muted/40">
      <Container className="grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-4">
        <div className="col-span-2">
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded-lg text-lg font-semibold tracking-tight"
          >
            <LogoMark className="size-7" />
            TrustLinks
          </Link>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-muted-foreground">
            The trust and directory platform for affiliate marketing. Verified advertisers, networks
            and affiliates, honest reviews, and partnerships you can rely on.
          </p>
        </div>

        <FooterLinks id="footer-platform" title="Platform" links={FOOTER_PLATFORM_LINKS} />
        <FooterLinks id="footer-support" title="Support" links={FOOTER_SUPPORT_LINKS} />
      </Container>
      <div className="border-t border-border">
        <Container className="py-6 text-sm text-muted-foreground">
          © {year} TrustLinks. All rights reserved.
        </Container>
      </div>
    </footer>
  );
}
