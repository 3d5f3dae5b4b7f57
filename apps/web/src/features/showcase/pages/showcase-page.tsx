import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function ShowcasePage() {
  return <ComingSoon title="Offers Showcase" description="Upload, search and list your offers." />;
}
