import { InfoPage } from '../components/info-page';
import { TERMS_TEXT } from '../info-texts';

/** /terms: the Terms of Service (footer, sign-up's consent line). */
export function TermsPage() {
  return <InfoPage texts={TERMS_TEXT} />;
}
