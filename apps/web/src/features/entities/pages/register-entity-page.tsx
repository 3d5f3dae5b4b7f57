import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function RegisterEntityPage() {
  return (
    <ComingSoon
      title="Register Your Entity"
      description="Register your company as an advertiser, affiliate or network."
    />
  );
}
