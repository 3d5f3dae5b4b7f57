import { InfoPage } from '../components/info-page';
import { PRIVACY_TEXT } from '../info-texts';

/** /privacy: the Privacy Policy (footer, sign-up's consent line, the profile's data rights). */
export function PrivacyPage() {
  return <InfoPage texts={PRIVACY_TEXT} />;
}
